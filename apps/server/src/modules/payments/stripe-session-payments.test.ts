import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Card } from '@evc/contract';
import { newId } from '../../platform/crypto.ts';
import { paymentIntents } from '../../platform/db/schema.ts';
import type { FakeStripe } from '../../test/fake-stripe.ts';
import type { TestApp } from '../../test/test-app.ts';
import { authoriseNewSession, PAID_TARIFF, settleInPounds } from '../../test/test-payments.ts';
import { startStripeTestBed, stripeSteps, type StripeTestBed } from './test-support.ts';

let bed: StripeTestBed;
let fake: FakeStripe;
let t: TestApp;
let driver: string;
let driverId: string;
let chargerId: string;

beforeAll(async () => {
  bed = await startStripeTestBed();
  ({ fake, t, driver, driverId, chargerId } = bed);
});

afterAll(() => bed.close());

const { since, saveCard, initiate, chargeOn } = stripeSteps(() => bed);

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

// Last: it checks the requests of every test above.
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
