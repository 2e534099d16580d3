import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { BalanceStatement } from '@evc/contract';
import { users } from '../../platform/db/schema.ts';
import { OPERATOR, type TestApp } from '../../test/test-app.ts';
import { startTestBed, type TestBed } from '../../test/test-bed.ts';
import { newGuest } from '../guests/test-support.ts';
import { createRefunds } from './refunds.ts';
import { createSandboxProvider } from './sandbox-provider.ts';
import {
  authoriseNewSession,
  confirmSandboxIntent,
  initiateIntent,
  PAID_TARIFF,
  saveSandboxCard,
  settleInPounds,
} from '../../test/test-payments.ts';

let bed: TestBed;
let t: TestApp;
let driverId: string;
let otherId: string;

beforeAll(async () => {
  bed = await startTestBed();
  ({ t, driverId, operatorId: otherId } = bed);
});
afterAll(() => bed.close());

const statement = async (token: string, userid: string, limit?: number) => {
  const answer = await t.call('getBalanceStatement', {
    token,
    body: limit === undefined ? { userid } : { userid, limit },
  });
  return { status: answer.status, body: answer.body, data: answer.body.data as BalanceStatement };
};

async function topUp(token: string, amount: number) {
  const card = await saveSandboxCard(t, token);
  const { intentid } = await initiateIntent(t, token, {
    connector_id: null,
    type: 'topup',
    amount,
    source: card.id,
    capture_method: 'automatic',
  });
  await confirmSandboxIntent(t, token, intentid, card.id);
  return intentid;
}

async function creditCharge(userId: string, amount: number) {
  const { sessionId, result } = authoriseNewSession(t, {
    userId,
    source: 'CREDIT',
    intentId: null,
    tariff: PAID_TARIFF,
  });
  await result;
  await settleInPounds(t, { userId, sessionId, source: 'CREDIT', intentId: null }, amount);
  return sessionId;
}

describe('getBalanceStatement (issue 19)', () => {
  it('lists top-ups, charges and refunds newest first, each with the balance it left', async () => {
    const empty = await statement(bed.driver, driverId);
    expect(empty.status).toBe(200);
    expect(empty.data).toMatchObject({ balance: 0, movements: [], hasMore: false });

    const intentId = await topUp(bed.driver, 1000);
    const sessionId = await creditCharge(driverId, 345);
    await createRefunds({ db: t.database.db, provider: createSandboxProvider }).refund({
      sessionId,
      amount: 200,
      reason: 'Slow charger',
      staffId: otherId,
    });

    const { data } = await statement(bed.driver, driverId);
    expect(data.balance).toBe(-855);
    expect(data.currency.code).toBe('GBP');
    expect(
      data.movements.map(({ kind, amount, balanceAfter, currency, sessionId: paid }) => ({
        kind,
        amount,
        balanceAfter,
        currency: currency.code,
        paid,
      })),
    ).toEqual([
      // A refund names the session it gave back.
      { kind: 'refund', amount: 200, balanceAfter: 855, currency: 'GBP', paid: sessionId },
      { kind: 'charge', amount: -345, balanceAfter: 655, currency: 'GBP', paid: sessionId },
      { kind: 'topup', amount: 1000, balanceAfter: 1000, currency: 'GBP', paid: null },
    ]);
    expect(data.movements[2]?.id).toBe(`topup:${intentId}`);
    const times = data.movements.map((movement) => Date.parse(movement.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('answers the newest `limit` lines and says older ones were left out', async () => {
    const { data } = await statement(bed.driver, driverId, 2);
    expect(data.movements.map((movement) => movement.kind)).toEqual(['refund', 'charge']);
    expect(data.hasMore).toBe(true);
  });

  it('keeps each line in the currency it was made in after the account’s currency changed', async () => {
    const other = await t.login(OPERATOR);
    await topUp(other.token, 500);
    await creditCharge(otherId, 500);
    const changed = await t.call('updateUser', {
      token: other.token,
      params: { userid: otherId },
      body: { fields: { preferredCurrency: 'EUR' } },
    });
    expect(changed.status).toBe(200);
    const { data } = await statement(other.token, otherId);
    expect(data.currency.code).toBe('EUR');
    expect(data.movements.map((movement) => movement.currency.code)).toEqual(['GBP', 'GBP']);
    // Each line carries its currency's own digits and symbol, not the account's.
    expect(data.movements[0]?.currency).toMatchObject({ symbol: '£', decimal_digits: 2 });
    await t.database.db.update(users).set({ currencyCode: 'GBP' }).where(eq(users.id, otherId));
  });

  it('never shows another driver’s movements: naming them is 403, and their lines never appear', async () => {
    const refused = await statement(bed.operator, driverId);
    expect([refused.status, refused.body.code]).toEqual([403, 'FORBIDDEN']);
    const own = await statement(bed.operator, otherId);
    const mine = (await statement(bed.driver, driverId)).data.movements.map((line) => line.id);
    expect(own.data.movements.some((line) => mine.includes(line.id))).toBe(false);
  });

  it('refuses a guest, and a limit out of range names the field', async () => {
    const tooMany = await t.call('getBalanceStatement', {
      token: bed.driver,
      body: { userid: driverId, limit: 201 },
    });
    expect([tooMany.status, tooMany.body.code]).toEqual([400, 'VALIDATION']);
    expect(tooMany.body.message).toMatch(/^limit: /);
    const guest = await newGuest(t);
    const asGuest = await statement(guest.token, guest.id);
    expect([asGuest.status, asGuest.body.code]).toEqual([403, 'GUEST_NOT_ALLOWED']);
  });
});
