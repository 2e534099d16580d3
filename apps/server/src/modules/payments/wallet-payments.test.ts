import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { paymentIntents, users } from '../../platform/db/schema.ts';
import type { TestApp } from '../../test/test-app.ts';
import { startTestBed, type TestBed } from '../../test/test-bed.ts';
import {
  authoriseNewSession,
  chargeHold,
  confirmSandboxIntent,
  GOOD_CARD,
  initiateIntent,
  PAID_TARIFF,
  rejection,
  sandboxIntent as ownersIntent,
  sandboxPaymentMethod,
  settleInPounds,
} from '../../test/test-payments.ts';

// spec 000 §4: a wallet (Google Pay, Apple Pay) pays the pre-authorisation hold. The intent is
// made without a payment method; the wallet's own confirms it. Here the sandbox plays the wallet.

let bed: TestBed;
let t: TestApp;
let driver: string;
let other: string;
let driverId: string;
let otherId: string;
let chargerId: string;

beforeAll(async () => {
  bed = await startTestBed();
  ({ t, driver, driverId, operator: other, operatorId: otherId } = bed);
  chargerId = (await bed.charger('CP-WALLET-1', '4501'))._id;
});

afterAll(() => bed.close());

const walletCharge = (source: string) => chargeHold(chargerId, source);

const initiate = (body: object, token = driver) => initiateIntent(t, token, body);

/** The payment method the wallet's sheet hands over: fresh, never saved as a card. */
const walletMethod = (token = driver, number = GOOD_CARD) => sandboxPaymentMethod(t, token, number);

const confirm = (id: string, paymentMethod: string, token = driver) =>
  confirmSandboxIntent(t, token, id, paymentMethod);

const sandboxIntent = (id: string) => ownersIntent(t, driver, id);

async function storedIntent(id: string) {
  const [row] = await t.database.db.select().from(paymentIntents).where(eq(paymentIntents.id, id));
  return row;
}

const startWith = (source: 'GOOGLEPAY' | 'APPLEPAY', intentId: string, userId = driverId) =>
  authoriseNewSession(t, { userId, source, intentId, tariff: PAID_TARIFF });

describe('wallet payment intents on the sandbox', () => {
  it.each(['GOOGLEPAY', 'APPLEPAY'])(
    '%s: a manual-capture hold of the pre-authorisation awaiting the wallet’s payment method',
    async (wallet) => {
      const intent = await initiate(walletCharge(wallet));
      expect(intent.client_secret).toMatch(new RegExp(`^${intent.intentid}_secret_`));
      expect(await sandboxIntent(intent.intentid)).toMatchObject({
        amount: 3000,
        status: 'requires_payment_method',
        capture_method: 'manual',
      });
      expect(await storedIntent(intent.intentid)).toMatchObject({
        userId: driverId,
        purpose: 'charge',
        paymentMethodId: null,
        connectorId: `${chargerId}:1`,
      });
    },
  );

  it('the wallet confirms, a Google Pay session starts on the hold, and settling captures', async () => {
    const intent = await initiate(walletCharge('GOOGLEPAY'));
    const method = await walletMethod();
    const confirmed = await confirm(intent.intentid, method);
    expect(confirmed.body.data).toMatchObject({
      status: 'requires_capture',
      amount_capturable: 3000,
    });

    const { sessionId, result } = startWith('GOOGLEPAY', intent.intentid);
    expect(await result).toEqual({
      held: 3000,
      hold: { intentId: intent.intentid, amountCapturable: 3000, currency: 'gbp' },
    });
    const settled = await settleInPounds(
      t,
      { userId: driverId, sessionId, source: 'GOOGLEPAY', intentId: intent.intentid },
      1850,
    );
    expect(settled).toEqual({ captured: 1850, status: 'captured' });
    expect(await sandboxIntent(intent.intentid)).toMatchObject({
      status: 'succeeded',
      amount_received: 1850,
      amount_capturable: 0,
    });
    expect(await storedIntent(intent.intentid)).toMatchObject({ paymentMethodId: method });
  });

  it('a session cannot start on a wallet intent the wallet has not confirmed, nor on a declined one', async () => {
    const unpaid = await initiate(walletCharge('APPLEPAY'));
    expect((await rejection(startWith('APPLEPAY', unpaid.intentid).result)).code).toBe(
      'INTENT_NOT_HELD',
    );
    const refused = await initiate(walletCharge('APPLEPAY'));
    const declined = await confirm(
      refused.intentid,
      await walletMethod(driver, '4000000000000002'),
    );
    expect(declined.status).toBe(402);
    const error = await rejection(startWith('APPLEPAY', refused.intentid).result);
    expect([error.statusCode, error.code]).toEqual([402, 'PAYMENT_FAILED']);
  });

  it('a wallet top-up is taken at once and credits the balance', async () => {
    const [before] = await t.database.db.select().from(users).where(eq(users.id, driverId));
    const intent = await initiate({
      type: 'topup',
      amount: 1000,
      source: 'GOOGLEPAY',
      capture_method: 'automatic',
    });
    expect(await sandboxIntent(intent.intentid)).toMatchObject({
      status: 'requires_payment_method',
      capture_method: 'automatic',
    });
    const confirmed = await confirm(intent.intentid, await walletMethod());
    expect(confirmed.body.data).toMatchObject({ status: 'succeeded', amount_received: 1000 });
    const [after] = await t.database.db.select().from(users).where(eq(users.id, driverId));
    expect(after?.balanceMinor).toBe((before?.balanceMinor ?? 0) - 1000);
  });

  it.each([
    ['an unknown wallet', 'SAMSUNGPAY'],
    ['a wallet name in lower case', 'googlepay'],
    ['another method', 'CREDIT'],
  ])('refuses %s as source with a 400 naming source', async (_label, source) => {
    const answer = await t.call('initiatePaymentIntent', {
      token: driver,
      body: walletCharge(source),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/^source: /);
  });

  it('a wallet charge still needs the charger’s pre-authorisation amount', async () => {
    const answer = await t.call('initiatePaymentIntent', {
      token: driver,
      body: { ...walletCharge('GOOGLEPAY'), amount: 2999 },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/^amount: /);
  });

  it('another driver can neither confirm nor start on my wallet intent', async () => {
    const intent = await initiate(walletCharge('GOOGLEPAY'));
    const theirs = await confirm(intent.intentid, await walletMethod(other), other);
    expect([theirs.status, theirs.body.code]).toEqual([404, 'INTENT_NOT_FOUND']);

    await confirm(intent.intentid, await walletMethod());
    const error = await rejection(startWith('GOOGLEPAY', intent.intentid, otherId).result);
    expect(error.code).toBe('INTENT_NOT_FOUND');
    // Still mine to use.
    expect((await startWith('GOOGLEPAY', intent.intentid).result).held).toBe(3000);
  });
});
