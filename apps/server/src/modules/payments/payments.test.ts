import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Card, PaymentIntentResponse, SandboxPaymentIntent } from '@evc/contract';
import { paymentIntents, users } from '../../platform/db/schema.ts';
import { createTestApp, DRIVER, OPERATOR, type TestApp } from '../../test/test-app.ts';
import { provisionCharger, testCharger } from '../../test/test-chargers.ts';

export const CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  authentication: '4000002500003155',
  insufficientFunds: '4000000000009995',
};

let t: TestApp;
let driver: string;
let other: string;
let chargerId: string;

beforeAll(async () => {
  t = await createTestApp();
  driver = (await t.login(DRIVER)).token;
  // The operator is a signed-in user like any driver: here, someone else.
  other = (await t.login(OPERATOR)).token;
  const operatorCharger = await provisionCharger(t, other, testCharger('CP-PAY-1', '4101'));
  chargerId = operatorCharger._id;
});

afterAll(() => t.close());

async function sandboxMethod(token: string, number: string) {
  const answer = await t.call('sandboxCreatePaymentMethod', {
    token,
    body: { number, exp_month: 12, exp_year: 2099, cvc: '123' },
  });
  expect(answer.status).toBe(200);
  return answer.body.data as { id: string; brand: string; last4: string };
}

async function saveCard(token: string, number = CARDS.succeeds, fuelCard = false) {
  const method = await sandboxMethod(token, number);
  const answer = await t.call('addToStripeSources', { token, body: { card: method.id, fuelCard } });
  expect(answer.status).toBe(200);
  return answer.body.data as Card;
}

async function listCards(token: string) {
  return (await t.call('listCards', { token })).body.data as Card[];
}

const charge = (source: string) => ({
  connector_id: `${chargerId}:1`,
  type: 'charge',
  amount: 3000,
  source,
  capture_method: 'manual',
});
const topup = (source: string, amount = 2500) => ({
  type: 'topup',
  amount,
  source,
  capture_method: 'automatic',
});

async function initiate(token: string, body: object) {
  const answer = await t.call('initiatePaymentIntent', { token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as PaymentIntentResponse;
}

const confirm = (token: string, id: string, paymentMethod: string) =>
  t.call('sandboxConfirmPaymentIntent', {
    token,
    params: { id },
    body: { payment_method: paymentMethod },
  });

async function storedBalance(email: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
  return row?.balanceMinor;
}

describe('cards', () => {
  it('saves sandbox cards: the first becomes default, a fuel card is marked FUELCARD', async () => {
    const token = (await t.login(DRIVER, 'cards-device')).token;
    const before = (await listCards(token)).length;
    const first = await saveCard(token);
    expect(first).toMatchObject({ source: 'PAYG', brand: 'visa', last4: '4242', exp_month: 12 });
    expect(first.default).toBe(before === 0);
    const fuel = await saveCard(token, CARDS.succeeds, true);
    expect(fuel).toMatchObject({ source: 'FUELCARD', default: false });
    const listed = await listCards(token);
    expect(listed[0]?.default).toBe(true);
    expect(listed.map((card) => card.id)).toEqual(expect.arrayContaining([first.id, fuel.id]));
  });

  it('makes another card default, and deleting the default makes another default', async () => {
    const a = await saveCard(other);
    const b = await saveCard(other);
    const afterSelect = (
      await t.call('selectDefaultStripeSource', { token: other, body: { source: b.id } })
    ).body.data as Card[];
    expect(afterSelect[0]).toMatchObject({ id: b.id, default: true });
    expect(afterSelect.filter((card) => card.default)).toHaveLength(1);
    const afterDelete = (
      await t.call('deleteStripeSource', { token: other, body: { source: b.id } })
    ).body.data as Card[];
    expect(afterDelete.map((card) => card.id)).not.toContain(b.id);
    expect(afterDelete.filter((card) => card.default)).toHaveLength(1);
    expect(afterDelete.map((card) => card.id)).toContain(a.id);
  });

  it('reads one card by its payment-method id', async () => {
    const card = await saveCard(driver);
    const answer = await t.call('getPaymentMethod', { token: driver, query: { pm_id: card.id } });
    expect(answer.body.data).toEqual(card);
  });

  it('another driver’s card is invisible and untouchable', async () => {
    const card = await saveCard(driver);
    const read = await t.call('getPaymentMethod', { token: other, query: { pm_id: card.id } });
    expect(read.status).toBe(404);
    for (const name of ['deleteStripeSource', 'selectDefaultStripeSource'] as const) {
      const answer = await t.call(name, { token: other, body: { source: card.id } });
      expect(answer.status).toBe(404);
      expect(answer.body.code).toBe('CARD_NOT_FOUND');
    }
    const uncaptured = await t.call('getUncapturedPaymentIntents', {
      token: other,
      body: { card_id: card.id },
    });
    expect(uncaptured.status).toBe(404);
    expect((await listCards(other)).map((row) => row.id)).not.toContain(card.id);
    expect((await listCards(driver)).map((row) => row.id)).toContain(card.id);
  });

  it('cannot save another driver’s sandbox payment method', async () => {
    const method = await sandboxMethod(driver, CARDS.succeeds);
    const answer = await t.call('addToStripeSources', { token: other, body: { card: method.id } });
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe('PAYMENT_METHOD_NOT_FOUND');
  });

  it.each([
    ['addToStripeSources', { card: '' }, 'card'],
    ['deleteStripeSource', {}, 'source'],
    ['selectDefaultStripeSource', { source: '   ' }, 'source'],
    ['getUncapturedPaymentIntents', { card_id: 1 }, 'card_id'],
  ] as const)('%s with bad input is a 400 naming %s', async (name, body, field) => {
    const answer = await t.call(name, { token: driver, body });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(new RegExp(`^${field}`));
  });

  it('getPaymentMethod without pm_id is a 400 naming it', async () => {
    const answer = await t.call('getPaymentMethod', { token: driver });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('pm_id');
  });
});

describe('sandbox payment methods', () => {
  it.each([
    ['4242 4242 4242 4242', '4242'],
    [CARDS.declined, '0002'],
    [CARDS.authentication, '3155'],
    [CARDS.insufficientFunds, '9995'],
  ])('accepts the test card %s', async (number, last4) => {
    expect(await sandboxMethod(driver, number)).toMatchObject({ brand: 'visa', last4 });
  });

  it.each([
    [{ number: '4111111111111111', exp_month: 1, exp_year: 2099, cvc: '123' }, 'number'],
    [{ number: '42', exp_month: 1, exp_year: 2099, cvc: '123' }, 'number'],
    [{ number: CARDS.succeeds, exp_month: 13, exp_year: 2099, cvc: '123' }, 'exp_month'],
    [{ number: CARDS.succeeds, exp_month: 1, exp_year: 2001, cvc: '123' }, 'exp_year'],
    [{ number: CARDS.succeeds, exp_month: 1, exp_year: 2099, cvc: '12' }, 'cvc'],
  ])('refuses %j naming %s', async (body, field) => {
    const answer = await t.call('sandboxCreatePaymentMethod', { token: driver, body });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(new RegExp(`^${field}`));
  });
});

describe('payment intents', () => {
  it('a charge holds the pre-authorisation in the tariff’s currency once confirmed', async () => {
    const card = await saveCard(driver);
    const intent = await initiate(driver, charge(card.id));
    expect(intent.secret).toBe(intent.client_secret);
    expect(intent.client_secret).toContain(intent.intentid);
    const confirmed = await confirm(driver, intent.intentid, card.id);
    expect(confirmed.body.data).toEqual({
      id: intent.intentid,
      amount: 3000,
      amount_capturable: 3000,
      amount_received: 0,
      status: 'requires_capture',
      capture_method: 'manual',
      last_payment_error: null,
    });
    const held = await t.call('getUncapturedPaymentIntents', {
      token: driver,
      body: { card_id: card.id },
    });
    expect(held.body.data).toEqual([
      expect.objectContaining({
        intentid: intent.intentid,
        amount: 3000,
        amount_capturable: 3000,
        currency: 'gbp',
        connector_id: `${chargerId}:1`,
      }),
    ]);
  });

  it('a charge not yet confirmed is not among the held intents', async () => {
    const card = await saveCard(driver);
    await initiate(driver, charge(card.id));
    const held = await t.call('getUncapturedPaymentIntents', {
      token: driver,
      body: { card_id: card.id },
    });
    expect(held.body.data).toEqual([]);
  });

  it.each([
    ['an amount other than the pre-authorisation', { amount: 2999 }, 400, 'amount'],
    ['an unknown charger', { connector_id: 'nope:1' }, 404, 'Charger Not Found'],
    ['an unknown connector', { connector_id: 'CHARGER:7' }, 404, 'connector'],
    ['a malformed connector id', { connector_id: 'no-connector' }, 400, 'connector_id'],
    ['no connector id', { connector_id: null }, 400, 'connector_id'],
    ['automatic capture for a charge', { capture_method: 'automatic' }, 400, 'capture_method'],
    ['an unknown type', { type: 'gift' }, 400, 'type'],
  ])('a charge with %s is refused', async (_label, change, status, mention) => {
    const card = await saveCard(driver);
    const body: Record<string, unknown> = { ...charge(card.id), ...change };
    if (body.connector_id === 'CHARGER:7') body.connector_id = `${chargerId}:7`;
    const answer = await t.call('initiatePaymentIntent', { token: driver, body });
    expect(answer.status).toBe(status);
    expect(answer.body.message).toContain(mention);
  });

  it('a charge or top-up on another driver’s card is refused naming source', async () => {
    const card = await saveCard(driver);
    for (const body of [charge(card.id), topup(card.id)]) {
      const answer = await t.call('initiatePaymentIntent', { token: other, body });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/^source/);
    }
  });

  it.each([99, 100_001])('a top-up of %i is refused naming amount', async (amount) => {
    const card = await saveCard(driver);
    const answer = await t.call('initiatePaymentIntent', {
      token: driver,
      body: topup(card.id, amount),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/^amount/);
  });

  it('a top-up credits the balance once, however often it is confirmed', async () => {
    const card = await saveCard(driver);
    const before = (await storedBalance(DRIVER.email)) ?? 0;
    const intent = await initiate(driver, topup(card.id, 2500));
    const [first, second] = await Promise.all([
      confirm(driver, intent.intentid, card.id),
      confirm(driver, intent.intentid, card.id),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const third = await confirm(driver, intent.intentid, card.id);
    expect(third.status).toBe(409);
    expect(await storedBalance(DRIVER.email)).toBe(before - 2500);
    const read = await t.call('sandboxGetPaymentIntent', {
      token: driver,
      params: { id: intent.intentid },
    });
    expect(read.body.data).toMatchObject({ status: 'succeeded', amount_received: 2500 });
  });

  it('a top-up is in the driver’s own currency', async () => {
    const card = await saveCard(driver);
    const intent = await initiate(driver, topup(card.id, 100));
    const [row] = await t.database.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.id, intent.intentid));
    expect(row?.currency).toBe('gbp');
  });
});

describe('sandbox confirmation and the 3-D Secure challenge', () => {
  async function intentWith(number: string, body: (source: string) => object = charge) {
    const card = await saveCard(driver);
    const method = await sandboxMethod(driver, number);
    const intent = await initiate(driver, body(card.id));
    return { intent, method, card };
  }

  it.each([
    [CARDS.declined, 'CARD_DECLINED', 'Your card was declined.'],
    [CARDS.insufficientFunds, 'INSUFFICIENT_FUNDS', 'Your card has insufficient funds.'],
  ])('%s is declined with 402 and Stripe’s message', async (number, code, message) => {
    const { intent, method, card } = await intentWith(number);
    const answer = await confirm(driver, intent.intentid, method.id);
    expect(answer.status).toBe(402);
    expect(answer.body).toEqual({ code, message });
    const read = await t.call('sandboxGetPaymentIntent', {
      token: driver,
      params: { id: intent.intentid },
    });
    expect((read.body.data as SandboxPaymentIntent).status).toBe('requires_payment_method');
    // As with Stripe, the driver may try again with another card.
    const retried = await confirm(driver, intent.intentid, card.id);
    expect((retried.body.data as SandboxPaymentIntent).status).toBe('requires_capture');
  });

  it('an intent is read back from its client secret mid-challenge, and not from a wrong one', async () => {
    const { intent, method } = await intentWith(CARDS.authentication);
    await confirm(driver, intent.intentid, method.id);
    const read = (client_secret: string, token = driver) =>
      t.call('sandboxGetPaymentIntent', {
        token,
        params: { id: intent.intentid },
        query: { client_secret },
      });
    expect((await read(intent.client_secret)).body.data).toMatchObject({
      id: intent.intentid,
      status: 'requires_action',
      last_payment_error: null,
    });
    expect((await read(`${intent.client_secret}x`)).status).toBe(404);
    expect((await read(intent.client_secret, other)).status).toBe(404);
    await t.call('sandboxAuthenticatePaymentIntent', {
      token: driver,
      params: { id: intent.intentid },
      body: { outcome: 'fail' },
    });
    const refused = (await read(intent.client_secret)).body.data as SandboxPaymentIntent;
    expect(refused.status).toBe('requires_payment_method');
    expect(refused.last_payment_error?.message).toContain('unable to authenticate');
  });

  it('4000002500003155 needs authentication; approving holds the money', async () => {
    const { intent, method } = await intentWith(CARDS.authentication);
    const pending = await confirm(driver, intent.intentid, method.id);
    expect(pending.body.data).toMatchObject({ status: 'requires_action', amount_capturable: 0 });
    const approved = await t.call('sandboxAuthenticatePaymentIntent', {
      token: driver,
      params: { id: intent.intentid },
      body: { outcome: 'approve' },
    });
    expect(approved.body.data).toMatchObject({
      status: 'requires_capture',
      amount_capturable: 3000,
    });
  });

  it('a failed challenge is a 402 and leaves the intent needing a payment method', async () => {
    const { intent, method } = await intentWith(CARDS.authentication);
    await confirm(driver, intent.intentid, method.id);
    const failed = await t.call('sandboxAuthenticatePaymentIntent', {
      token: driver,
      params: { id: intent.intentid },
      body: { outcome: 'fail' },
    });
    expect(failed.status).toBe(402);
    expect(failed.body.code).toBe('AUTHENTICATION_FAILED');
    const read = await t.call('sandboxGetPaymentIntent', {
      token: driver,
      params: { id: intent.intentid },
    });
    expect(read.body.data).toMatchObject({ status: 'requires_payment_method' });
  });

  it('an approved top-up challenge credits the balance', async () => {
    const { intent, method } = await intentWith(CARDS.authentication, (source) =>
      topup(source, 700),
    );
    const before = (await storedBalance(DRIVER.email)) ?? 0;
    await confirm(driver, intent.intentid, method.id);
    expect(await storedBalance(DRIVER.email)).toBe(before);
    await t.call('sandboxAuthenticatePaymentIntent', {
      token: driver,
      params: { id: intent.intentid },
      body: { outcome: 'approve' },
    });
    expect(await storedBalance(DRIVER.email)).toBe(before - 700);
  });

  it('authenticating an intent that needs none is a 409', async () => {
    const { intent } = await intentWith(CARDS.succeeds);
    const answer = await t.call('sandboxAuthenticatePaymentIntent', {
      token: driver,
      params: { id: intent.intentid },
      body: { outcome: 'approve' },
    });
    expect(answer.status).toBe(409);
  });

  it('another driver cannot see, confirm or authenticate the intent', async () => {
    const { intent, card } = await intentWith(CARDS.succeeds);
    const theirs = await sandboxMethod(other, CARDS.succeeds);
    const read = await t.call('sandboxGetPaymentIntent', {
      token: other,
      params: { id: intent.intentid },
    });
    expect(read.status).toBe(404);
    expect((await confirm(other, intent.intentid, theirs.id)).status).toBe(404);
    expect((await confirm(other, intent.intentid, card.id)).status).toBe(404);
    const challenge = await t.call('sandboxAuthenticatePaymentIntent', {
      token: other,
      params: { id: intent.intentid },
      body: { outcome: 'approve' },
    });
    expect(challenge.status).toBe(404);
    const mine = await t.call('sandboxGetPaymentIntent', {
      token: driver,
      params: { id: intent.intentid },
    });
    expect(mine.body.data).toMatchObject({ status: 'requires_confirmation' });
  });

  it('confirming with another driver’s payment method is a 400 naming payment_method', async () => {
    const { intent } = await intentWith(CARDS.succeeds);
    const theirs = await sandboxMethod(other, CARDS.succeeds);
    const answer = await confirm(driver, intent.intentid, theirs.id);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/^payment_method/);
  });

  it('bad input to the challenge is a 400 naming outcome', async () => {
    const { intent } = await intentWith(CARDS.succeeds);
    const answer = await t.call('sandboxAuthenticatePaymentIntent', {
      token: driver,
      params: { id: intent.intentid },
      body: { outcome: 'maybe' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/^outcome/);
  });
});
