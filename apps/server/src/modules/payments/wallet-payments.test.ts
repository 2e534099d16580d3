import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PaymentIntentResponse, SandboxPaymentIntent } from '@evc/contract';
import { newId } from '../../platform/crypto.ts';
import { paymentIntents, users } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { createTestApp, DRIVER, OPERATOR, type TestApp } from '../../test/test-app.ts';
import { provisionCharger, testCharger } from '../../test/test-chargers.ts';

// spec 000 §4: a wallet (Google Pay, Apple Pay) pays the pre-authorisation hold. The intent is
// made without a payment method; the wallet's own confirms it. Here the sandbox plays the wallet.

let t: TestApp;
let driver: string;
let other: string;
let driverId: string;
let otherId: string;
let chargerId: string;

const paid = { payableByFuelCard: false, free: false, currency: 'GBP' };

beforeAll(async () => {
  t = await createTestApp();
  driver = (await t.login(DRIVER)).token;
  other = (await t.login(OPERATOR)).token;
  chargerId = (await provisionCharger(t, other, testCharger('CP-WALLET-1', '4501')))._id;
  const rows = await t.database.db.select().from(users);
  driverId = rows.find((row) => row.email === DRIVER.email)?.id ?? '';
  otherId = rows.find((row) => row.email === OPERATOR.email)?.id ?? '';
});

afterAll(() => t.close());

const walletCharge = (source: string) => ({
  connector_id: `${chargerId}:1`,
  type: 'charge',
  amount: 3000,
  source,
  capture_method: 'manual',
});

async function initiate(body: object, token = driver) {
  const answer = await t.call('initiatePaymentIntent', { token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as PaymentIntentResponse;
}

/** The payment method the wallet's sheet hands over: fresh, never saved as a card. */
async function walletMethod(token = driver, number = '4242424242424242') {
  const answer = await t.call('sandboxCreatePaymentMethod', {
    token,
    body: { number, exp_month: 12, exp_year: 2099, cvc: '123' },
  });
  return (answer.body.data as { id: string }).id;
}

const confirm = (id: string, paymentMethod: string, token = driver) =>
  t.call('sandboxConfirmPaymentIntent', {
    token,
    params: { id },
    body: { payment_method: paymentMethod },
  });

async function sandboxIntent(id: string) {
  return (await t.call('sandboxGetPaymentIntent', { token: driver, params: { id } })).body
    .data as SandboxPaymentIntent;
}

async function storedIntent(id: string) {
  const [row] = await t.database.db.select().from(paymentIntents).where(eq(paymentIntents.id, id));
  return row;
}

function startWith(source: 'GOOGLEPAY' | 'APPLEPAY', intentId: string, userId = driverId) {
  const sessionId = newId();
  const result = t.app.payments.authoriseStart({
    userId,
    sessionId,
    source,
    intentId,
    tariff: paid,
  });
  return { sessionId, result };
}

async function rejection(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

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
    const settled = await t.app.payments.settle({
      userId: driverId,
      sessionId,
      source: 'GOOGLEPAY',
      intentId: intent.intentid,
      amountMinor: 1850,
      currency: 'GBP',
    });
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
    expect(error.code).toBe('INTENT_NOT_HELD');
    // Still mine to use.
    expect((await startWith('GOOGLEPAY', intent.intentid).result).held).toBe(3000);
  });
});
