import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Card, PaymentIntentResponse, SandboxPaymentIntent } from '@evc/contract';
import { newId } from '../../platform/crypto.ts';
import { paymentIntents, sessionPayments, users } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { createTestApp, DRIVER, OPERATOR, type TestApp } from '../../test/test-app.ts';
import { provisionCharger, testCharger } from '../../test/test-chargers.ts';
import { createSandboxProvider } from './sandbox-provider.ts';

let t: TestApp;
let driverToken: string;
let driverId: string;
let otherId: string;
let chargerId: string;

const paid = { payableByFuelCard: false, free: false, currency: 'GBP' };

beforeAll(async () => {
  t = await createTestApp();
  driverToken = (await t.login(DRIVER)).token;
  const operatorToken = (await t.login(OPERATOR)).token;
  chargerId = (await provisionCharger(t, operatorToken, testCharger('CP-SP-1', '4201')))._id;
  const rows = await t.database.db.select().from(users);
  driverId = rows.find((row) => row.email === DRIVER.email)?.id ?? '';
  otherId = rows.find((row) => row.email === OPERATOR.email)?.id ?? '';
});

afterAll(() => t.close());

async function setBalance(userId: string, stored: number) {
  await t.database.db.update(users).set({ balanceMinor: stored }).where(eq(users.id, userId));
}
async function storedBalance(userId: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
  return row?.balanceMinor;
}

async function saveCard(fuelCard = false): Promise<Card> {
  const method = await t.call('sandboxCreatePaymentMethod', {
    token: driverToken,
    body: { number: '4242424242424242', exp_month: 12, exp_year: 2099, cvc: '123' },
  });
  const { id } = method.body.data as { id: string };
  return (await t.call('addToStripeSources', { token: driverToken, body: { card: id, fuelCard } }))
    .body.data as Card;
}

const cardOfIntent = new Map<string, string>();

/** A charge intent on a new card, confirmed unless told otherwise: a hold of 3000. */
async function heldIntent(confirm = true): Promise<string> {
  const card = await saveCard();
  const answer = await t.call('initiatePaymentIntent', {
    token: driverToken,
    body: {
      connector_id: `${chargerId}:1`,
      type: 'charge',
      amount: 3000,
      source: card.id,
      capture_method: 'manual',
    },
  });
  const { intentid } = answer.body.data as PaymentIntentResponse;
  cardOfIntent.set(intentid, card.id);
  if (confirm) {
    await t.call('sandboxConfirmPaymentIntent', {
      token: driverToken,
      params: { id: intentid },
      body: { payment_method: card.id },
    });
  }
  return intentid;
}

async function intent(id: string) {
  return (await t.call('sandboxGetPaymentIntent', { token: driverToken, params: { id } })).body
    .data as SandboxPaymentIntent;
}

async function rejection(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const start = (source: 'PAYG' | 'CREDIT' | 'FUELCARD', intentId: string | null, tariff = paid) => {
  const sessionId = newId();
  return {
    sessionId,
    result: t.app.payments.authoriseStart({
      userId: driverId,
      sessionId,
      source,
      intentId,
      tariff,
    }),
  };
};

describe('card payments (PAYG)', () => {
  it('authorises on a held intent and captures the cost, the rest released', async () => {
    const intentId = await heldIntent();
    const { sessionId, result } = start('PAYG', intentId);
    expect(await result).toEqual({
      held: 3000,
      hold: { intentId, amountCapturable: 3000, currency: 'gbp' },
    });
    const settled = await t.app.payments.settle({
      userId: driverId,
      sessionId,
      source: 'PAYG',
      intentId,
      amountMinor: 1234,
      currency: 'GBP',
    });
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
      t.app.payments.settle({
        userId: driverId,
        sessionId,
        source: 'PAYG',
        intentId,
        amountMinor: 800,
        currency: 'GBP',
      });
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
    const settled = await t.app.payments.settle({
      userId: driverId,
      sessionId,
      source: 'PAYG',
      intentId,
      amountMinor: 3200,
      currency: 'GBP',
      attempt: 2,
    });
    expect(settled).toEqual({ captured: 3000, status: 'captured' });
    expect(await intent(intentId)).toMatchObject({ status: 'succeeded', amount_received: 3000 });
    expect(await storedBalance(driverId)).toBe(200);
  });

  it('a hold canceled elsewhere fails the settlement for good', async () => {
    const intentId = await heldIntent();
    const { sessionId, result } = start('PAYG', intentId);
    await result;
    await createSandboxProvider(t.database.db).cancel(intentId, `cancel:${sessionId}`);
    const settled = await t.app.payments.settle({
      userId: driverId,
      sessionId,
      source: 'PAYG',
      intentId,
      amountMinor: 500,
      currency: 'GBP',
    });
    expect(settled).toEqual({ captured: 0, status: 'failed' });
  });

  it('a cost of 0 cancels the hold', async () => {
    const intentId = await heldIntent();
    const { sessionId, result } = start('PAYG', intentId);
    await result;
    const settled = await t.app.payments.settle({
      userId: driverId,
      sessionId,
      source: 'PAYG',
      intentId,
      amountMinor: 0,
      currency: 'GBP',
    });
    expect(settled).toEqual({ captured: 0, status: 'released' });
    expect(await intent(intentId)).toMatchObject({ status: 'canceled', amount_capturable: 0 });
  });

  it('a cost above the hold takes the hold and owes the rest on the balance', async () => {
    await setBalance(driverId, 0);
    const intentId = await heldIntent();
    const { sessionId, result } = start('PAYG', intentId);
    await result;
    const settled = await t.app.payments.settle({
      userId: driverId,
      sessionId,
      source: 'PAYG',
      intentId,
      amountMinor: 3500,
      currency: 'GBP',
    });
    expect(settled).toEqual({ captured: 3000, status: 'captured' });
    expect(await storedBalance(driverId)).toBe(500);
  });

  it('release cancels the hold of a session that never started, once', async () => {
    const intentId = await heldIntent();
    const { sessionId, result } = start('PAYG', intentId);
    await result;
    await t.app.payments.release({ sessionId, intentId });
    await t.app.payments.release({ sessionId, intentId });
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
    const first = await t.app.payments.authoriseStart(input);
    expect(await t.app.payments.authoriseStart(input)).toEqual(first);
  });

  it.each([
    ['no intent', null, 'INTENT_NOT_HELD'],
    ['an unknown intent', 'pi_nothing', 'INTENT_NOT_HELD'],
  ])('refuses %s with 409', async (_label, intentId, code) => {
    const error = await rejection(start('PAYG', intentId).result);
    expect([error.statusCode, error.code]).toEqual([409, code]);
  });

  it('refuses an intent not yet confirmed', async () => {
    const error = await rejection(start('PAYG', await heldIntent(false)).result);
    expect([error.statusCode, error.code]).toEqual([409, 'INTENT_NOT_HELD']);
  });

  it('refuses another driver’s held intent', async () => {
    const intentId = await heldIntent();
    const error = await rejection(
      t.app.payments.authoriseStart({
        userId: otherId,
        sessionId: newId(),
        source: 'PAYG',
        intentId,
        tariff: paid,
      }),
    );
    expect(error.code).toBe('INTENT_NOT_HELD');
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
      t.app.payments.settle({
        userId: driverId,
        sessionId,
        source: 'CREDIT',
        intentId: null,
        amountMinor: 750,
        currency: 'GBP',
      });
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
    const settled = await t.app.payments.settle({
      userId: driverId,
      sessionId,
      source: 'FUELCARD',
      intentId: null,
      amountMinor: 1999,
      currency: 'GBP',
    });
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
      t.app.payments.authoriseStart({
        userId: otherId,
        sessionId: newId(),
        source: 'FUELCARD',
        intentId: null,
        tariff: { ...paid, payableByFuelCard: true },
      }),
    );
    expect([error.statusCode, error.code]).toEqual([402, 'NO_FUELCARD']);
  });
});

describe('an RFID session held off-session on the default card', () => {
  /** Saves a sandbox test card and makes it the driver's default. */
  async function defaultCard(number: string) {
    const method = await t.call('sandboxCreatePaymentMethod', {
      token: driverToken,
      body: { number, exp_month: 12, exp_year: 2099, cvc: '123' },
    });
    const { id } = method.body.data as { id: string };
    await t.call('addToStripeSources', { token: driverToken, body: { card: id } });
    const chosen = await t.call('selectDefaultStripeSource', {
      token: driverToken,
      body: { source: id },
    });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    return id;
  }

  const hold = (userId = driverId, tariff = { free: false, currency: 'GBP' }) => {
    const sessionId = newId();
    return { sessionId, result: t.app.payments.holdDefaultCard({ userId, sessionId, tariff }) };
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
      t.app.payments.settle({
        userId: driverId,
        sessionId,
        source: 'PAYG',
        intentId,
        amountMinor: 1234,
        currency: 'GBP',
      });
    expect(await Promise.all([settle(), settle()])).toEqual([
      { captured: 1234, status: 'captured' },
      { captured: 1234, status: 'captured' },
    ]);
    expect(await intent(intentId)).toMatchObject({ status: 'succeeded', amount_received: 1234 });
  });

  it.each([
    ['declined', '4000000000000002', 'Your card was declined.'],
    ['insufficient funds', '4000000000009995', 'Your card has insufficient funds.'],
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
      await t.app.payments.settle({
        userId: driverId,
        sessionId,
        source: 'PAYG',
        intentId: null,
        amountMinor: 0,
        currency: 'GBP',
      }),
    ).toEqual({ captured: 0, status: 'released' });
  });

  it('a driver without a default card is refused, and only credit could pay for them', async () => {
    const error = await rejection(hold(otherId).result);
    expect([error.statusCode, error.code]).toEqual([402, 'NO_DEFAULT_CARD']);
    await setBalance(otherId, 0);
    const source = (tariffFree: boolean) =>
      t.app.payments.cardSessionSource({ userId: otherId, tariffFree });
    expect(await source(false)).toBeNull();
    expect(await source(true)).toBe('CREDIT');
  });

  it('credit pays before the default card; without credit the card does', async () => {
    await defaultCard('4242424242424242');
    const source = () => t.app.payments.cardSessionSource({ userId: driverId, tariffFree: false });
    await setBalance(driverId, -1);
    expect(await source()).toBe('CREDIT');
    await setBalance(driverId, 0);
    expect(await source()).toBe('PAYG');
  });
});
