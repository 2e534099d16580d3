import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Card } from '@evc/contract';
import type { FakeStripe } from '../../test/fake-stripe.ts';
import { DRIVER, type TestApp } from '../../test/test-app.ts';
import { startStripeTestBed, stripeSteps, type StripeTestBed } from './test-support.ts';

let bed: StripeTestBed;
let fake: FakeStripe;
let t: TestApp;
let driver: string;
let other: string;
let driverId: string;

beforeAll(async () => {
  bed = await startStripeTestBed();
  ({ fake, t, driver, driverId, operator: other } = bed);
});

afterAll(() => bed.close());

const { since, saveCard, initiate, chargeOn } = stripeSteps(() => bed);

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

describe('cards a wallet gave (spec 000 §3: Card.source)', () => {
  it.each([
    ['apple_pay', 'APPLEPAY'],
    ['google_pay', 'GOOGLEPAY'],
  ] as const)('a card a wallet gave (%s) is saved with source %s', async (wallet, source) => {
    const paymentMethod = fake.addPaymentMethod('4000', { wallet });
    const answer = await t.call('addToStripeSources', {
      token: driver,
      body: { card: paymentMethod },
    });
    expect(answer.body.data).toMatchObject({ id: paymentMethod, source });
    const listed = await t.call('listCards', { token: driver, body: {} });
    expect((listed.body.data as Card[]).find((card) => card.id === paymentMethod)?.source).toBe(
      source,
    );
  });
});
