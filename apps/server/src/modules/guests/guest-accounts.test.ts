import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Card } from '@evc/contract';
import { GUEST_IDLE_PURGE_DAYS } from '@evc/domain';
import {
  chargingSessions,
  paymentCards,
  paymentIntents,
  sessions,
} from '../../platform/db/schema.ts';
import { linkTokenIn, testClock, type TestApp } from '../../test/test-app.ts';
import type { TestBed } from '../../test/test-bed.ts';
import {
  chargeHold,
  confirmSandboxIntent,
  initiateIntent,
  saveSandboxCard,
} from '../../test/test-payments.ts';
import { userRow } from '../../test/test-users.ts';
import { sessionSteps, START_TIMEOUT_MS } from '../sessions/test-support.ts';
import { startTestBed } from '../../test/test-bed.ts';
import { guestRow, newGuest, type TestGuest } from './test-support.ts';

// Issue 15: a guest becomes an account, keeping what it charged; an idle guest is purged.

const clock = testClock();
let bed: TestBed;
let t: TestApp;

beforeAll(async () => {
  bed = await startTestBed({ now: clock.now, sessions: { startTimeoutMs: START_TIMEOUT_MS } });
  t = bed.t;
});

afterAll(() => bed.close());

const { start, chargeThenStop } = sessionSteps(() => bed);

/** A guest's finished, paid session at a new live charger; answers the session and the card. */
async function guestChargedOnce(guest: TestGuest, chargePointId: string, barcode: string) {
  const { charger } = await bed.liveCharger(chargePointId, barcode);
  const card = await saveSandboxCard(t, guest.token);
  const { intentid } = await initiateIntent(t, guest.token, chargeHold(charger._id, card.id));
  await confirmSandboxIntent(t, guest.token, intentid, card.id);
  const started = await start(guest.token, {
    chargerid: charger._id,
    connectorid: 1,
    source: 'PAYG',
    intent_id: intentid,
  });
  const done = await chargeThenStop(guest.token, started._id);
  return { session: done, card, intentId: intentid };
}

const registration = (email: string, guestCode?: string) => ({
  user: {
    first_name: 'Former',
    last_name: 'Guest',
    email,
    password: 'Former-guest-pass-2026',
    phone_number: '+44 7700 900456',
    address: { line1: '1 Road', city: 'York', postcode: 'YO1 1AA', country: 'GB' },
    preferredCurrency: 'GBP',
    language: 'en',
    acceptedTerms: true,
    acceptedPrivacy: true,
  },
  ...(guestCode ? { guestCode } : {}),
});

describe('a guest who registers', () => {
  test('keeps its sessions, payments and cards; its code and tokens stop working', async () => {
    const guest = await newGuest(t, 'converting-guest');
    const { session, card, intentId } = await guestChargedOnce(guest, 'CP-CONVERT', '7201');
    const email = `former-guest-${Date.now()}@example.com`;

    const started = await t.call('startRegistration', { body: registration(email, guest.code) });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    // Until the registration is completed, the guest is still a guest.
    expect((await t.call('checkToken', { token: guest.token })).status).toBe(200);

    const [mail] = await t.outbox(email);
    const token = linkTokenIn(mail?.text ?? '', 'completeRegistration');
    const completed = await t.call('completeRegistration', { body: { uuid: 'new-user', token } });
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    const user = (completed.body.data as { user: { token: string } }).user;
    const userId = (await userRow(t, email)).id;

    const seen = await t.call('getTransactionByID', {
      token: user.token,
      body: { transactionid: session._id },
    });
    expect(seen.status).toBe(200);
    const cards = await t.call('listCards', { token: user.token });
    expect((cards.body.data as Card[]).map((row) => row.id)).toEqual([card.id]);
    const db = t.database.db;
    const [intent] = await db.select().from(paymentIntents).where(eq(paymentIntents.id, intentId));
    expect(intent?.userId).toBe(userId);
    const [row] = await db
      .select()
      .from(chargingSessions)
      .where(eq(chargingSessions.id, session._id));
    expect(row).toMatchObject({ userId, guestId: null, ownerId: userId });

    expect((await t.call('checkToken', { token: guest.token })).status).toBe(401);
    const refreshed = await t.call('refreshToken', {
      token: guest.tokens.refresh.token,
      body: { uuid: 'converting-guest' },
    });
    expect(refreshed.status).toBe(401);
    const again = await t.call('guestTokens', {
      params: { code: guest.code },
      query: { uuid: 'x' },
    });
    expect(again.status).toBe(404);
    expect((await guestRow(t, guest.code)).convertedUserId).toBe(userId);
  });

  test('an unknown guest code is a 404 naming guestCode, before anything is written', async () => {
    const email = `unknown-guest-${Date.now()}@example.com`;
    const answer = await t.call('startRegistration', {
      body: registration(email, 'G-0000000000'),
    });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'GUEST_NOT_FOUND', field: 'guestCode' });
    expect(await t.outbox(email)).toEqual([]);
    const malformed = await t.call('startRegistration', { body: registration(email, 'G-1') });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/^guestCode/);
  });
});

describe('the idle-guest purge', () => {
  test(`removes a guest idle for ${GUEST_IDLE_PURGE_DAYS} days, keeping its sessions anonymous`, async () => {
    const idle = await newGuest(t, 'idle-guest');
    const { session } = await guestChargedOnce(idle, 'CP-PURGE', '7202');
    const email = `idle-${Date.now()}@example.com`;
    const receipt = await t.call('sendReceipt', {
      token: idle.token,
      body: { transactionid: session._id, email },
    });
    expect(receipt.status).toBe(200);
    const fresh = await newGuest(t, 'fresh-guest');

    expect(await t.services.guestPurge.purgeOnce()).toBe(0);
    clock.advance((GUEST_IDLE_PURGE_DAYS - 1) * 24 * 3600_000);
    // The fresh guest comes back the day before; the idle one does not.
    const back = await t.call('guestTokens', {
      params: { code: fresh.code },
      query: { uuid: 'fresh-guest' },
    });
    expect(back.status).toBe(200);
    expect(await t.services.guestPurge.purgeOnce()).toBe(0);
    clock.advance(2 * 24 * 3600_000);
    expect(await t.services.guestPurge.purgeOnce()).toBe(1);

    const row = await guestRow(t, idle.code);
    expect(row.removedAt).not.toBeNull();
    expect(row.email).toBeNull();
    const db = t.database.db;
    expect(await db.select().from(paymentCards).where(eq(paymentCards.guestId, idle.id))).toEqual(
      [],
    );
    expect(await db.select().from(sessions).where(eq(sessions.guestId, idle.id))).toEqual([]);
    const [kept] = await db
      .select()
      .from(chargingSessions)
      .where(eq(chargingSessions.id, session._id));
    expect(kept).toMatchObject({ guestId: idle.id, paymentStatus: 'captured' });

    const tokens = await t.call('guestTokens', {
      params: { code: idle.code },
      query: { uuid: 'idle-guest' },
    });
    expect(tokens.status).toBe(404);
    const refreshed = await t.call('refreshToken', {
      token: idle.tokens.refresh.token,
      body: { uuid: 'idle-guest' },
    });
    expect(refreshed.status).toBe(401);
    expect((await guestRow(t, fresh.code)).removedAt).toBeNull();
  });
});
