import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { newId } from '../../platform/crypto.ts';
import { paymentIntents, sessionPayments, users } from '../../platform/db/schema.ts';
import type { TestApp } from '../../test/test-app.ts';
import { startTestBed, type TestBed } from '../../test/test-bed.ts';
import {
  authoriseNewSession,
  chargeHold,
  confirmSandboxIntent,
  GOOD_CARD,
  initiateIntent,
  rejection,
  PAID_TARIFF as paid,
  sandboxDefaultCard,
  sandboxIntent,
  saveSandboxCard,
  settleInPounds,
} from '../../test/test-payments.ts';
import { createSandboxProvider } from './sandbox-provider.ts';

let bed: TestBed;
let t: TestApp;
let driverToken: string;
let driverId: string;
let otherId: string;
let chargerId: string;

beforeAll(async () => {
  bed = await startTestBed();
  ({ t, driver: driverToken, driverId, operatorId: otherId } = bed);
  chargerId = (await bed.charger('CP-SP-1', '4201'))._id;
});

afterAll(() => bed.close());

async function setBalance(userId: string, stored: number) {
  await t.database.db.update(users).set({ balanceMinor: stored }).where(eq(users.id, userId));
}
async function storedBalance(userId: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
  return row?.balanceMinor;
}

const saveCard = (fuelCard = false) => saveSandboxCard(t, driverToken, GOOD_CARD, fuelCard);

const cardOfIntent = new Map<string, string>();

/** A charge intent on a new card, confirmed unless told otherwise: a hold of 3000. */
async function heldIntent(confirm = true): Promise<string> {
  const card = await saveCard();
  const { intentid } = await initiateIntent(t, driverToken, chargeHold(chargerId, card.id));
  cardOfIntent.set(intentid, card.id);
  if (confirm) await confirmSandboxIntent(t, driverToken, intentid, card.id);
  return intentid;
}

const intent = (id: string) => sandboxIntent(t, driverToken, id);

const start = (source: 'PAYG' | 'CREDIT' | 'FUELCARD', intentId: string | null, tariff = paid) =>
  authoriseNewSession(t, { userId: driverId, source, intentId, tariff });

describe('card payments (PAYG)', () => {
  it('authorises on a held intent and captures the cost, the rest released', async () => {
    const intentId = await heldIntent();
    const { sessionId, result } = start('PAYG', intentId);
    expect(await result).toEqual({
      held: 3000,
      hold: { intentId, amountCapturable: 3000, currency: 'gbp' },
    });
    const settled = await settleInPounds(
      t,
      { userId: driverId, sessionId, source: 'PAYG', intentId },
      1234,
    );
    expect(settled).toEqual({ captured: 1234, status: 'captured' });
    expect(await intent(intentId)).toMatchObject({
      status: 'succeeded',
      amount_received: 1234,
      amount_capturable: 0,
    });
  });

  it('settling twice, even at once, captures once', async () => {
    const intentId = await heldIntent();
    const { sessionId, result } = start('PAYG', intentId);
    await result;
    const settle = () =>
      settleInPounds(t, { userId: driverId, sessionId, source: 'PAYG', intentId }, 800);
    const answers = await Promise.all([settle(), settle()]);
    expect(answers).toEqual([
      { captured: 800, status: 'captured' },
      { captured: 800, status: 'captured' },
    ]);
    expect(await settle()).toEqual({ captured: 800, status: 'captured' });
    expect(await intent(intentId)).toMatchObject({ status: 'succeeded', amount_received: 800 });
  });

  it('a hold an earlier attempt captured is recorded as it stands, not captured again', async () => {
    await setBalance(driverId, 0);
    const intentId = await heldIntent();
    const { sessionId, result } = start('PAYG', intentId);
    await result;
    // A node captured 3000 of it and died before recording the settlement.
    await createSandboxProvider(t.database.db).capture(intentId, 3000, `capture:${sessionId}`);
    const settled = await settleInPounds(
      t,
      { userId: driverId, sessionId, source: 'PAYG', intentId },
      3200,
      2,
    );
    expect(settled).toEqual({ captured: 3000, status: 'captured' });
    expect(await intent(intentId)).toMatchObject({ status: 'succeeded', amount_received: 3000 });
    expect(await storedBalance(driverId)).toBe(200);
  });

  it('a hold canceled elsewhere fails the settlement for good', async () => {
    const intentId = await heldIntent();
    const { sessionId, result } = start('PAYG', intentId);
    await result;
    await createSandboxProvider(t.database.db).cancel(intentId, `cancel:${sessionId}`);
    const settled = await settleInPounds(
      t,
      { userId: driverId, sessionId, source: 'PAYG', intentId },
      500,
    );
    expect(settled).toEqual({ captured: 0, status: 'failed' });
  });

  it('a cost of 0 cancels the hold', async () => {
    const intentId = await heldIntent();
    const { sessionId, result } = start('PAYG', intentId);
    await result;
    const settled = await settleInPounds(
      t,
      { userId: driverId, sessionId, source: 'PAYG', intentId },
      0,
    );
    expect(settled).toEqual({ captured: 0, status: 'released' });
    expect(await intent(intentId)).toMatchObject({ status: 'canceled', amount_capturable: 0 });
  });

  it('a cost above the hold takes the hold and owes the rest on the balance', async () => {
    await setBalance(driverId, 0);
    const intentId = await heldIntent();
    const { sessionId, result } = start('PAYG', intentId);
    await result;
    const settled = await settleInPounds(
      t,
      { userId: driverId, sessionId, source: 'PAYG', intentId },
      3500,
    );
    expect(settled).toEqual({ captured: 3000, status: 'captured' });
    expect(await storedBalance(driverId)).toBe(500);
  });

  it('release cancels the hold of a session that never started, once', async () => {
    const intentId = await heldIntent();
    const { sessionId, result } = start('PAYG', intentId);
    await result;
    await t.services.sessionPayments.release({ sessionId, userId: driverId, intentId });
    await t.services.sessionPayments.release({ sessionId, userId: driverId, intentId });
    expect(await intent(intentId)).toMatchObject({ status: 'canceled' });
    const [row] = await t.database.db
      .select()
      .from(sessionPayments)
      .where(eq(sessionPayments.sessionId, sessionId));
    expect(row?.status).toBe('released');
  });

  it('a hold secures one session only', async () => {
    const intentId = await heldIntent();
    await start('PAYG', intentId).result;
    const error = await rejection(start('PAYG', intentId).result);
    expect(error.code).toBe('INTENT_IN_USE');
    const listed = await t.call('getUncapturedPaymentIntents', {
      token: driverToken,
      body: { card_id: cardOfIntent.get(intentId) },
    });
    expect(listed.body.data).toEqual([]);
  });

  it('authorising the same session twice answers the same hold', async () => {
    const intentId = await heldIntent();
    const sessionId = newId();
    const input = { userId: driverId, sessionId, source: 'PAYG' as const, intentId, tariff: paid };
    const first = await t.services.sessionPayments.authoriseStart(input);
    expect(await t.services.sessionPayments.authoriseStart(input)).toEqual(first);
  });

  it.each([
    ['no intent at a paid charger', null, 400, 'VALIDATION'],
    ['an unknown intent', 'pi_nothing', 404, 'INTENT_NOT_FOUND'],
  ])('refuses %s', async (_label, intentId, status, code) => {
    const error = await rejection(start('PAYG', intentId).result);
    expect([error.statusCode, error.code]).toEqual([status, code]);
  });

  it('refuses an intent not yet confirmed', async () => {
    const error = await rejection(start('PAYG', await heldIntent(false)).result);
    expect([error.statusCode, error.code]).toEqual([409, 'INTENT_NOT_HELD']);
  });

  it('refuses another driver’s held intent as if it did not exist', async () => {
    const intentId = await heldIntent();
    const error = await rejection(
      authoriseNewSession(t, { userId: otherId, source: 'PAYG', intentId, tariff: paid }).result,
    );
    const unknown = await rejection(
      authoriseNewSession(t, { userId: otherId, source: 'PAYG', intentId: 'pi_x', tariff: paid })
        .result,
    );
    expect(error.toBody()).toEqual(unknown.toBody());
    expect([error.statusCode, error.message]).toEqual([404, 'intent_id: no such payment of yours']);
    expect(await intent(intentId)).toMatchObject({ status: 'requires_capture' });
  });

  it('another driver’s session can neither release nor capture my hold', async () => {
    const intentId = await heldIntent();
    await setBalance(otherId, -1000);
    // Their CREDIT session names my intent: nothing of theirs holds it.
    const { sessionId, result } = authoriseNewSession(t, {
      userId: otherId,
      source: 'CREDIT',
      intentId,
      tariff: paid,
    });
    expect(await result).toEqual({ held: 0, hold: null });
    await t.services.sessionPayments.release({ sessionId, userId: otherId, intentId });
    // A session of theirs with no payment recorded at all, naming my intent.
    await t.services.sessionPayments.release({ sessionId: newId(), userId: otherId, intentId });
    expect(await intent(intentId)).toMatchObject({ status: 'requires_capture' });

    const settled = await settleInPounds(
      t,
      { userId: otherId, sessionId: newId(), source: 'PAYG', intentId },
      1500,
    );
    expect(settled.status).toBe('failed');
    expect(await intent(intentId)).toMatchObject({
      status: 'requires_capture',
      amount_capturable: 3000,
      amount_received: 0,
    });
    // Still mine to charge with.
    expect((await start('PAYG', intentId).result).held).toBe(3000);
  });

  it('a session cannot capture a hold of mine that secures my other session', async () => {
    const intentId = await heldIntent();
    await start('PAYG', intentId).result;
    const settled = await settleInPounds(
      t,
      { userId: driverId, sessionId: newId(), source: 'PAYG', intentId },
      1500,
    );
    expect(settled.status).toBe('failed');
    expect(await intent(intentId)).toMatchObject({ status: 'requires_capture' });
  });

  it('refuses a hold in another currency than the tariff’s', async () => {
    const intentId = await heldIntent();
    const error = await rejection(start('PAYG', intentId, { ...paid, currency: 'EUR' }).result);
    expect(error.code).toBe('INTENT_NOT_HELD');
  });
});

describe('credit', () => {
  it.each([
    ['in credit, paid tariff', -100, false, true],
    ['no balance, paid tariff', 0, false, false],
    ['in debt, paid tariff', 250, false, false],
    ['no balance, free tariff', 0, true, true],
  ])('%s: usable %s', async (_label, stored, free, usable) => {
    await setBalance(driverId, stored);
    const attempt = start('CREDIT', null, { ...paid, free }).result;
    if (usable) {
      expect(await attempt).toEqual({ held: 0, hold: null });
    } else {
      const error = await rejection(attempt);
      expect([error.statusCode, error.code, error.message]).toEqual([
        402,
        'NO_CREDIT',
        'No Credit Available',
      ]);
    }
  });

  it('settling debits the balance once', async () => {
    await setBalance(driverId, -2000);
    const { sessionId, result } = start('CREDIT', null);
    await result;
    const settle = () =>
      settleInPounds(t, { userId: driverId, sessionId, source: 'CREDIT', intentId: null }, 750);
    const answers = await Promise.all([settle(), settle()]);
    expect(answers).toEqual([
      { captured: 750, status: 'debited' },
      { captured: 750, status: 'debited' },
    ]);
    expect(await storedBalance(driverId)).toBe(-1250);
  });
});

describe('fuel card', () => {
  it('is refused when the tariff does not allow it', async () => {
    await saveCard(true);
    const error = await rejection(start('FUELCARD', null).result);
    expect([error.statusCode, error.code]).toEqual([409, 'FUELCARD_NOT_ALLOWED']);
  });

  it('records the cost as invoiced to the fuel card', async () => {
    const fuelCard = await saveCard(true);
    const tariff = { ...paid, payableByFuelCard: true };
    const { sessionId, result } = start('FUELCARD', null, tariff);
    expect(await result).toEqual({ held: 0, hold: null });
    const settled = await settleInPounds(
      t,
      { userId: driverId, sessionId, source: 'FUELCARD', intentId: null },
      1999,
    );
    expect(settled).toEqual({ captured: 1999, status: 'invoiced' });
    const [row] = await t.database.db
      .select()
      .from(sessionPayments)
      .where(eq(sessionPayments.sessionId, sessionId));
    expect(row).toMatchObject({ amountMinor: 1999, status: 'invoiced' });
    expect(row?.fuelCardId).toBeTruthy();
    expect(fuelCard.source).toBe('FUELCARD');
  });

  it('needs a saved fuel card', async () => {
    const error = await rejection(
      authoriseNewSession(t, {
        userId: otherId,
        source: 'FUELCARD',
        intentId: null,
        tariff: { ...paid, payableByFuelCard: true },
      }).result,
    );
    expect([error.statusCode, error.code]).toEqual([402, 'NO_FUELCARD']);
  });
});

describe('an RFID session held off-session on the default card', () => {
  const defaultCard = (number: string) => sandboxDefaultCard(t, driverToken, number);

  const hold = (userId = driverId, tariff = { free: false, currency: 'GBP' }) => {
    const sessionId = newId();
    return {
      sessionId,
      result: t.services.sessionPayments.holdDefaultCard({ userId, sessionId, tariff }),
    };
  };

  const intentsOfCard = (cardId: string) =>
    t.database.db.select().from(paymentIntents).where(eq(paymentIntents.paymentMethodId, cardId));

  it('holds the pre-authorisation on the default card and captures the cost once', async () => {
    const cardId = await defaultCard('4242424242424242');
    const { sessionId, result } = hold();
    const held = await result;
    expect(held).toMatchObject({ held: 3000, hold: { amountCapturable: 3000, currency: 'gbp' } });
    const intentId = held.hold?.intentId ?? '';
    const [recorded] = await intentsOfCard(cardId);
    expect(recorded).toMatchObject({
      id: intentId,
      status: 'requires_capture',
      captureMethod: 'manual',
      purpose: 'charge',
      sessionId,
    });
    const settle = () =>
      settleInPounds(t, { userId: driverId, sessionId, source: 'PAYG', intentId }, 1234);
    expect(await Promise.all([settle(), settle()])).toEqual([
      { captured: 1234, status: 'captured' },
      { captured: 1234, status: 'captured' },
    ]);
    expect(await intent(intentId)).toMatchObject({ status: 'succeeded', amount_received: 1234 });
  });

  it.each([
    // Declined at the charge after attaching: a card declined outright is refused when added.
    ['declined', '4000000000000341', 'Your card was declined.'],
    [
      '3-D Secure, nobody there to pass it',
      '4000002500003155',
      'Your card was declined. This transaction requires authentication.',
    ],
  ])('a %s card is refused and holds nothing', async (_label, number, reason) => {
    const cardId = await defaultCard(number);
    const { sessionId, result } = hold();
    const error = await rejection(result);
    expect([error.statusCode, error.code, error.message]).toEqual([
      402,
      'PAYMENT_FAILED',
      `Payment Failed, please use another card: ${reason}`,
    ]);
    // The refused intent is recorded as the provider left it, tied to no session.
    expect(await intentsOfCard(cardId)).toEqual([
      expect.objectContaining({
        status: 'requires_payment_method',
        amountCapturable: 0,
        lastError: reason,
        sessionId: null,
      }),
    ]);
    expect(
      await t.database.db
        .select()
        .from(sessionPayments)
        .where(eq(sessionPayments.sessionId, sessionId)),
    ).toEqual([]);
  });

  it('holds nothing at a free tariff, and a cost of 0 settles as released', async () => {
    await defaultCard('4242424242424242');
    const { sessionId, result } = hold(driverId, { free: true, currency: 'GBP' });
    expect(await result).toEqual({ held: 0, hold: null });
    expect(
      await settleInPounds(t, { userId: driverId, sessionId, source: 'PAYG', intentId: null }, 0),
    ).toEqual({ captured: 0, status: 'released' });
  });

  it('a driver without a default card is refused, and only credit could pay for them', async () => {
    const error = await rejection(hold(otherId).result);
    expect([error.statusCode, error.code]).toEqual([402, 'NO_DEFAULT_CARD']);
    await setBalance(otherId, 0);
    const source = (tariffFree: boolean) =>
      t.services.sessionPayments.cardSessionSource({
        userId: otherId,
        tariffFree,
        tariffCurrency: 'GBP',
      });
    expect(await source(false)).toBeNull();
    expect(await source(true)).toBe('CREDIT');
  });

  it('credit pays before the default card; without credit the card does', async () => {
    await defaultCard('4242424242424242');
    const input = { userId: driverId, tariffFree: false, tariffCurrency: 'gbp' };
    const source = () => t.services.sessionPayments.cardSessionSource(input);
    await setBalance(driverId, -1);
    expect(await source()).toBe('CREDIT');
    await setBalance(driverId, 0);
    expect(await source()).toBe('PAYG');
  });
});
