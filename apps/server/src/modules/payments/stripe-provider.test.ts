import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Card } from '@evc/contract';
import { newId } from '../../platform/crypto.ts';
import { paymentIntents, users } from '../../platform/db/schema.ts';
import {
  FAKE_WEBHOOK_SECRET,
  fakeStripeConfig,
  startFakeStripe,
  type FakeStripe,
} from '../../test/fake-stripe.ts';
import { DRIVER, type TestApp } from '../../test/test-app.ts';
import { startTestBed, type TestBed } from '../../test/test-bed.ts';
import {
  authoriseNewSession,
  chargeHold,
  initiateIntent,
  PAID_TARIFF,
  settleInPounds,
} from '../../test/test-payments.ts';
import { createStripeClient } from './stripe-provider.ts';
import { STRIPE_WEBHOOK_PATH } from './stripe-webhook.ts';

const signer = createStripeClient({ secretKey: 'sk_test_signer' });

let fake: FakeStripe;
let bed: TestBed;
let t: TestApp;
let driver: string;
let other: string;
let driverId: string;
let chargerId: string;

beforeAll(async () => {
  fake = await startFakeStripe();
  bed = await startTestBed({
    config: fakeStripeConfig(fake),
  });
  ({ t, driver, driverId, operator: other } = bed);
  chargerId = (await bed.charger('CP-STRIPE-1', '4301'))._id;
});

afterAll(async () => {
  await bed.close();
  await fake.close();
});

const since = (mark: number) => fake.requests.slice(mark);

async function saveCard(token = driver): Promise<Card> {
  const answer = await t.call('addToStripeSources', {
    token,
    body: { card: fake.addPaymentMethod() },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as Card;
}

const initiate = (body: object) => initiateIntent(t, driver, body);

const chargeOn = (source: string) => chargeHold(chargerId, source);

async function storedBalance() {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, driverId));
  return row?.balanceMinor ?? 0;
}

async function sendWebhook(event: object, signature?: string) {
  const payload = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: STRIPE_WEBHOOK_PATH,
    headers: {
      'content-type': 'application/json',
      'stripe-signature':
        signature ??
        signer.webhooks.generateTestHeaderString({ payload, secret: FAKE_WEBHOOK_SECRET }),
    },
    payload,
  });
}

const intentEvent = (type: string, intent: unknown) => ({
  id: `evt_${newId()}`,
  object: 'event',
  type,
  data: { object: intent },
});

describe('saving cards with Stripe', () => {
  it('creates one customer per driver and saves the card through a SetupIntent', async () => {
    const mark = fake.requests.length;
    const paymentMethod = fake.addPaymentMethod('1881');
    const answer = await t.call('addToStripeSources', {
      token: driver,
      body: { card: paymentMethod },
    });
    expect(answer.body.data).toMatchObject({
      id: paymentMethod,
      source: 'PAYG',
      brand: 'visa',
      last4: '1881',
      country: 'GB',
      funding: 'debit',
      address_city: 'York',
    });
    const sent = since(mark);
    const customer = sent.find((request) => request.path === '/v1/customers');
    expect(customer).toMatchObject({
      method: 'POST',
      idempotencyKey: `customer:${driverId}`,
      authorization: 'Bearer sk_test_fake',
    });
    expect(customer?.form.email).toBe(DRIVER.email);
    const setup = sent.find((request) => request.path === '/v1/setup_intents');
    expect(setup?.form).toMatchObject({
      payment_method: paymentMethod,
      confirm: 'true',
      usage: 'off_session',
    });
    expect(setup?.form.customer).toMatch(/^cus_/);

    const again = fake.requests.length;
    await saveCard();
    expect(since(again).filter((request) => request.path === '/v1/customers')).toEqual([]);
  });

  it('refuses a card saved by another driver, an unknown one, and one needing 3-D Secure', async () => {
    const card = await saveCard();
    const theirs = await t.call('addToStripeSources', { token: other, body: { card: card.id } });
    expect([theirs.status, theirs.body.code]).toEqual([404, 'PAYMENT_METHOD_NOT_FOUND']);
    const unknown = await t.call('addToStripeSources', {
      token: driver,
      body: { card: 'pm_unknown' },
    });
    expect(unknown.status).toBe(404);
    const challenged = await t.call('addToStripeSources', {
      token: driver,
      body: { card: fake.addPaymentMethod('3155', { needsAuthentication: true }) },
    });
    expect([challenged.status, challenged.body.message]).toEqual([402, 'Card confirmation needed']);
  });

  it('deleting a card detaches it from the customer', async () => {
    const card = await saveCard();
    const mark = fake.requests.length;
    const answer = await t.call('deleteStripeSource', { token: driver, body: { source: card.id } });
    expect((answer.body.data as Card[]).map((row) => row.id)).not.toContain(card.id);
    expect(since(mark)).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: `/v1/payment_methods/${card.id}/detach`,
        idempotencyKey: `detach:${card.id}`,
      }),
    ]);
  });
});

describe('payment intents with Stripe', () => {
  it('a charge is a manual-capture intent of the pre-authorisation on the driver’s customer', async () => {
    const card = await saveCard();
    const mark = fake.requests.length;
    const intent = await initiate(chargeOn(card.id));
    const [created] = since(mark).filter((request) => request.path === '/v1/payment_intents');
    expect(created?.form).toMatchObject({
      amount: '3000',
      currency: 'gbp',
      capture_method: 'manual',
      payment_method: card.id,
      'metadata[purpose]': 'charge',
    });
    expect(created?.idempotencyKey).toMatch(/^intent:/);
    expect(intent.client_secret).toBe(fake.intent(intent.intentid)?.client_secret);
  });

  it('a top-up is an automatic-capture intent', async () => {
    const card = await saveCard();
    const mark = fake.requests.length;
    await initiate({ type: 'topup', amount: 1500, source: card.id, capture_method: 'automatic' });
    const [created] = since(mark).filter((request) => request.path === '/v1/payment_intents');
    expect(created?.form).toMatchObject({ amount: '1500', capture_method: 'automatic' });
  });

  it('lists a hold once the driver has confirmed it with Stripe', async () => {
    const card = await saveCard();
    const intent = await initiate(chargeOn(card.id));
    const list = () =>
      t.call('getUncapturedPaymentIntents', { token: driver, body: { card_id: card.id } });
    expect((await list()).body.data).toEqual([]);
    fake.confirmIntent(intent.intentid);
    expect((await list()).body.data).toEqual([
      expect.objectContaining({ intentid: intent.intentid, amount_capturable: 3000 }),
    ]);
  });
});

describe('session payments with Stripe', () => {
  async function heldSession() {
    const card = await saveCard();
    const intent = await initiate(chargeOn(card.id));
    fake.confirmIntent(intent.intentid);
    const { sessionId, result } = authoriseNewSession(t, {
      userId: driverId,
      source: 'PAYG',
      intentId: intent.intentid,
      tariff: PAID_TARIFF,
    });
    await result;
    return { sessionId, intentId: intent.intentid };
  }

  it('captures part of the hold once, with an idempotency key, however often it settles', async () => {
    const { sessionId, intentId } = await heldSession();
    const mark = fake.requests.length;
    const settle = () =>
      settleInPounds(t, { userId: driverId, sessionId, source: 'PAYG', intentId }, 1200);
    expect(await Promise.all([settle(), settle()])).toEqual([
      { captured: 1200, status: 'captured' },
      { captured: 1200, status: 'captured' },
    ]);
    expect(await settle()).toEqual({ captured: 1200, status: 'captured' });
    const captures = since(mark).filter((request) => request.path.endsWith('/capture'));
    expect(captures).toEqual([
      expect.objectContaining({
        path: `/v1/payment_intents/${intentId}/capture`,
        form: { amount_to_capture: '1200' },
        idempotencyKey: `capture:${sessionId}`,
      }),
    ]);
    expect(fake.intent(intentId)).toMatchObject({ status: 'succeeded', amount_received: 1200 });
  });

  it('release cancels the hold with an idempotency key', async () => {
    const { sessionId, intentId } = await heldSession();
    const mark = fake.requests.length;
    await t.services.sessionPayments.release({ sessionId, userId: driverId, intentId });
    expect(since(mark).filter((request) => request.path.endsWith('/cancel'))).toEqual([
      expect.objectContaining({ idempotencyKey: `release:${sessionId}` }),
    ]);
    expect(fake.intent(intentId)).toMatchObject({ status: 'canceled' });
  });
});

describe('wallet payments with Stripe', () => {
  it.each(['GOOGLEPAY', 'APPLEPAY'])(
    '%s: the hold is made on the driver’s customer with no payment method, for the wallet to confirm',
    async (wallet) => {
      const mark = fake.requests.length;
      const intent = await initiate(chargeOn(wallet));
      const [created] = since(mark).filter((request) => request.path === '/v1/payment_intents');
      expect(created?.form).toMatchObject({
        amount: '3000',
        currency: 'gbp',
        capture_method: 'manual',
        'allowed_payment_method_types[0]': 'card',
        'metadata[purpose]': 'charge',
      });
      expect(created?.form.customer).toMatch(/^cus_/);
      expect(created?.form).not.toHaveProperty('payment_method');
      expect(created?.idempotencyKey).toMatch(/^intent:/);
      expect(fake.intent(intent.intentid)).toMatchObject({
        status: 'requires_payment_method',
        client_secret: intent.client_secret,
      });
      const [stored] = await t.database.db
        .select()
        .from(paymentIntents)
        .where(eq(paymentIntents.id, intent.intentid));
      expect(stored).toMatchObject({
        userId: driverId,
        paymentMethodId: null,
        connectorId: `${chargerId}:1`,
      });
    },
  );

  it('once the wallet confirms, a Google Pay session holds and captures through Stripe', async () => {
    const intent = await initiate(chargeOn('GOOGLEPAY'));
    const sessionId = newId();
    const start = () =>
      t.services.sessionPayments.authoriseStart({
        userId: driverId,
        sessionId,
        source: 'GOOGLEPAY',
        intentId: intent.intentid,
        tariff: PAID_TARIFF,
      });
    await expect(start()).rejects.toMatchObject({ code: 'INTENT_NOT_HELD' });
    fake.confirmIntent(intent.intentid, fake.addPaymentMethod('0077'));
    expect(await start()).toMatchObject({ held: 3000 });
    const settled = await settleInPounds(
      t,
      { userId: driverId, sessionId, source: 'GOOGLEPAY', intentId: intent.intentid },
      2100,
    );
    expect(settled).toEqual({ captured: 2100, status: 'captured' });
    expect(fake.intent(intent.intentid)).toMatchObject({
      status: 'succeeded',
      amount_received: 2100,
    });
  });
});

describe('off-session holds for RFID sessions with Stripe', () => {
  async function defaultCard(refuses?: 'card_declined' | 'authentication_required') {
    const answer = await t.call('addToStripeSources', {
      token: driver,
      body: { card: fake.addPaymentMethod('0341', refuses ? { refuses } : {}) },
    });
    const card = answer.body.data as Card;
    await t.call('selectDefaultStripeSource', { token: driver, body: { source: card.id } });
    return card;
  }

  const hold = (sessionId: string) =>
    t.services.sessionPayments.holdDefaultCard({
      userId: driverId,
      sessionId,
      tariff: { free: false, currency: 'GBP' },
    });

  it('confirms a manual-capture intent off-session on the default card, then captures once', async () => {
    const card = await defaultCard();
    const sessionId = newId();
    const mark = fake.requests.length;
    const held = await hold(sessionId);
    const [created] = since(mark).filter((request) => request.path === '/v1/payment_intents');
    expect(created?.form).toMatchObject({
      amount: '3000',
      currency: 'gbp',
      payment_method: card.id,
      off_session: 'true',
      confirm: 'true',
      capture_method: 'manual',
      'metadata[purpose]': 'charge',
    });
    expect(created?.form.customer).toMatch(/^cus_/);
    expect(created?.idempotencyKey).toBe(`card-hold:${sessionId}`);
    const intentId = held.hold?.intentId ?? '';
    expect(held).toMatchObject({ held: 3000, hold: { amountCapturable: 3000 } });
    expect(fake.intent(intentId)).toMatchObject({ status: 'requires_capture' });

    const settle = () =>
      settleInPounds(t, { userId: driverId, sessionId, source: 'PAYG', intentId }, 1800);
    await settle();
    expect(await settle()).toEqual({ captured: 1800, status: 'captured' });
    expect(since(mark).filter((request) => request.path.endsWith('/capture'))).toHaveLength(1);
    expect(fake.intent(intentId)).toMatchObject({ status: 'succeeded', amount_received: 1800 });
  });

  it.each([
    ['declined', 'card_declined', 'Your card was declined.'],
    [
      'needing authentication',
      'authentication_required',
      'Your card was declined. This transaction requires authentication.',
    ],
  ] as const)(
    'a card %s is refused, its intent recorded unheld',
    async (_label, refuses, reason) => {
      const refusing = await defaultCard(refuses);
      const error = await hold(newId()).then(
        () => null,
        (caught: unknown) => caught as { statusCode: number; code: string; message: string },
      );
      expect([error?.statusCode, error?.code, error?.message]).toEqual([
        402,
        'PAYMENT_FAILED',
        `Payment Failed, please use another card: ${reason}`,
      ]);
      const [stored] = await t.database.db
        .select()
        .from(paymentIntents)
        .where(eq(paymentIntents.paymentMethodId, refusing.id));
      expect(stored).toMatchObject({
        status: 'requires_payment_method',
        amountCapturable: 0,
        sessionId: null,
      });
    },
  );
});

describe('Stripe webhooks', () => {
  async function succeededTopUp(amount: number) {
    const card = await saveCard();
    const intent = await initiate({
      type: 'topup',
      amount,
      source: card.id,
      capture_method: 'automatic',
    });
    return fake.confirmIntent(intent.intentid);
  }

  it('a succeeded top-up credits the balance once; a repeated event is ignored', async () => {
    const intent = await succeededTopUp(2000);
    const before = await storedBalance();
    const event = intentEvent('payment_intent.succeeded', intent);
    const first = await sendWebhook(event);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ data: { received: true, duplicate: false } });
    expect(await storedBalance()).toBe(before - 2000);
    const repeated = await sendWebhook(event);
    expect(repeated.json()).toEqual({ data: { received: true, duplicate: true } });
    // Stripe may also send the same news under a new event id: still credited once.
    await sendWebhook(intentEvent('payment_intent.succeeded', intent));
    expect(await storedBalance()).toBe(before - 2000);
  });

  it('refuses a bad signature and changes nothing', async () => {
    const intent = await succeededTopUp(900);
    const before = await storedBalance();
    const event = intentEvent('payment_intent.succeeded', intent);
    const forged = await sendWebhook(event, 't=1,v1=deadbeef');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'SIGNATURE_INVALID' });
    const wrongSecret = signer.webhooks.generateTestHeaderString({
      payload: JSON.stringify(event),
      secret: 'whsec_someone_else',
    });
    expect((await sendWebhook(event, wrongSecret)).statusCode).toBe(400);
    expect(await storedBalance()).toBe(before);
    // The event was not recorded, so Stripe's genuine delivery still counts.
    expect((await sendWebhook(event)).json()).toEqual({
      data: { received: true, duplicate: false },
    });
    expect(await storedBalance()).toBe(before - 900);
  });

  it('a hold confirmed in the browser is recorded from amount_capturable_updated', async () => {
    const card = await saveCard();
    const intent = await initiate(chargeOn(card.id));
    const stored = async () =>
      (
        await t.database.db
          .select()
          .from(paymentIntents)
          .where(eq(paymentIntents.id, intent.intentid))
      )[0];
    expect(await stored()).toMatchObject({ status: 'requires_confirmation', amountCapturable: 0 });
    const confirmed = fake.confirmIntent(intent.intentid);
    await sendWebhook(intentEvent('payment_intent.amount_capturable_updated', confirmed));
    expect(await stored()).toMatchObject({ status: 'requires_capture', amountCapturable: 3000 });
  });

  it('an event about an intent we never made is recorded and ignored', async () => {
    const answer = await sendWebhook(
      intentEvent('payment_intent.succeeded', { id: 'pi_elsewhere', object: 'payment_intent' }),
    );
    expect(answer.json()).toEqual({ data: { received: true, duplicate: false } });
  });
});

describe('with Stripe configured', () => {
  it('the sandbox calls are off', async () => {
    const answer = await t.call('sandboxCreatePaymentMethod', {
      token: driver,
      body: { number: '4242424242424242', exp_month: 1, exp_year: 2099, cvc: '123' },
    });
    expect([answer.status, answer.body.code]).toEqual([404, 'SANDBOX_DISABLED']);
  });

  it('every mutating request to Stripe carried an idempotency key', () => {
    const posts = fake.requests.filter((request) => request.method === 'POST');
    expect(posts.length).toBeGreaterThan(5);
    expect(posts.filter((request) => !request.idempotencyKey)).toEqual([]);
  });
});
