import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Card, PaymentIntentResponse, UncapturedPaymentIntent } from '@evc/contract';
import { newId } from '../../platform/crypto.ts';
import { paymentIntents } from '../../platform/db/schema.ts';
import { fakeStripeConfig, startFakeStripe, type FakeStripe } from '../../test/fake-stripe.ts';
import { createTestApp, DRIVER, OPERATOR, testClock } from '../../test/test-app.ts';
import { provisionCharger, testCharger } from '../../test/test-chargers.ts';
import { until, userRow } from '../../test/test-users.ts';

// ADR 0011: intents nobody will use are cancelled by the sweep (every 50 ms here), an hour after
// they were made, or, for a hold on a saved card that PAYG may reuse, once it is no longer offered.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** An app on the sandbox or on fake Stripe whose clock the test moves; it is put back after each test. */
async function sweptApp(fake?: FakeStripe) {
  const clock = testClock();
  let moved = 0;
  const t = await createTestApp({
    now: clock.now,
    payments: { intentSweepIntervalMs: 50 },
    ...(fake ? { config: fakeStripeConfig(fake) } : {}),
  });
  const operator = (await t.login(OPERATOR)).token;
  const chargerId = (
    await provisionCharger(
      t,
      operator,
      testCharger(`CP-SWEEP-${fake ? 'S' : 'B'}`, fake ? '4611' : '4612'),
    )
  )._id;
  const driverId = (await userRow(t, DRIVER.email)).id;
  // Access tokens expire as the clock moves: each call signs in afresh.
  const driver = async () => (await t.login(DRIVER)).token;

  async function initiate(source: string, type: 'charge' | 'topup' = 'charge') {
    const answer = await t.call('initiatePaymentIntent', {
      token: await driver(),
      body:
        type === 'charge'
          ? {
              connector_id: `${chargerId}:1`,
              type,
              amount: 3000,
              source,
              capture_method: 'manual',
            }
          : { type, amount: 1000, source, capture_method: 'automatic' },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return (answer.body.data as PaymentIntentResponse).intentid;
  }

  async function stored(id: string) {
    const [row] = await t.database.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.id, id));
    if (!row) throw new Error(`no intent ${id}`);
    return row;
  }

  const canceled = (id: string) =>
    until(
      () => stored(id),
      (row) => row.status === 'canceled',
    );

  async function uncaptured(cardId: string) {
    const answer = await t.call('getUncapturedPaymentIntents', {
      token: await driver(),
      body: { card_id: cardId },
    });
    expect(answer.status).toBe(200);
    return (answer.body.data as UncapturedPaymentIntent[]).map((intent) => intent.intentid);
  }

  /** Waits for a whole sweep pass that began after the clock last moved: what it left, stays. */
  async function swept() {
    const start = t.services.intentSweep.passes();
    await until(
      () => Promise.resolve(t.services.intentSweep.passes()),
      (passes) => passes >= start + 2,
    );
  }

  return {
    t,
    driver,
    driverId,
    initiate,
    stored,
    canceled,
    uncaptured,
    swept,
    advance(ms: number) {
      clock.advance(ms);
      moved += ms;
    },
    rewind() {
      clock.advance(-moved);
      moved = 0;
    },
  };
}

describe('abandoned intents on the sandbox', () => {
  let s: Awaited<ReturnType<typeof sweptApp>>;

  beforeAll(async () => {
    s = await sweptApp();
  });
  afterEach(() => s.rewind());
  afterAll(() => s.t.close());

  async function savedCard(number = '4242424242424242') {
    const method = await s.t.call('sandboxCreatePaymentMethod', {
      token: await s.driver(),
      body: { number, exp_month: 12, exp_year: 2099, cvc: '123' },
    });
    const { id } = method.body.data as { id: string };
    const saved = await s.t.call('addToStripeSources', {
      token: await s.driver(),
      body: { card: id },
    });
    return (saved.body.data as Card).id;
  }

  async function confirm(intentId: string, paymentMethod: string) {
    const answer = await s.t.call('sandboxConfirmPaymentIntent', {
      token: await s.driver(),
      params: { id: intentId },
      body: { payment_method: paymentMethod },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }

  test.each(['GOOGLEPAY', 'APPLEPAY'])(
    'a %s sheet the driver closed is cancelled an hour after the intent was made',
    async (wallet) => {
      const id = await s.initiate(wallet);
      s.advance(59 * MINUTE);
      await s.swept();
      expect((await s.stored(id)).status).toBe('requires_payment_method');
      s.advance(2 * MINUTE);
      expect(await s.canceled(id)).toMatchObject({ amountCapturable: 0, amountReceived: 0 });
    },
  );

  test('a card charge and a card top-up never confirmed are cancelled; the balance is untouched', async () => {
    const card = await savedCard();
    const before = (await userRow(s.t, DRIVER.email)).balanceMinor;
    const charge = await s.initiate(card);
    const topup = await s.initiate(card, 'topup');
    expect((await s.stored(topup)).status).toBe('requires_confirmation');
    s.advance(61 * MINUTE);
    await s.canceled(charge);
    await s.canceled(topup);
    expect((await userRow(s.t, DRIVER.email)).balanceMinor).toBe(before);
  });

  test('a card hold no session used is offered for reuse for 24 h, then released', async () => {
    const card = await savedCard();
    const id = await s.initiate(card);
    await confirm(id, card);
    s.advance(2 * HOUR);
    await s.swept();
    expect((await s.stored(id)).status).toBe('requires_capture');
    expect(await s.uncaptured(card)).toEqual([id]);

    // Past the reuse limit it is no longer offered; a grace later, the hold is released.
    s.advance(22 * HOUR + MINUTE);
    expect(await s.uncaptured(card)).toEqual([]);
    expect((await s.stored(id)).status).toBe('requires_capture');
    s.advance(10 * MINUTE);
    expect(await s.canceled(id)).toMatchObject({ amountCapturable: 0, sessionId: null });
  });

  test('a wallet hold no session used is released after an hour: it is never reused', async () => {
    const id = await s.initiate('GOOGLEPAY');
    const method = await s.t.call('sandboxCreatePaymentMethod', {
      token: await s.driver(),
      body: { number: '4242424242424242', exp_month: 12, exp_year: 2099, cvc: '123' },
    });
    await confirm(id, (method.body.data as { id: string }).id);
    expect((await s.stored(id)).status).toBe('requires_capture');
    s.advance(61 * MINUTE);
    await s.canceled(id);
  });

  test('a hold a session uses is never cancelled, however old', async () => {
    const card = await savedCard();
    const id = await s.initiate(card);
    await confirm(id, card);
    const sessionId = newId();
    await s.t.services.sessionPayments.authoriseStart({
      userId: s.driverId,
      sessionId,
      source: 'PAYG',
      intentId: id,
      tariff: { payableByFuelCard: false, free: false, currency: 'GBP' },
    });
    s.advance(3 * 24 * HOUR);
    await s.swept();
    expect(await s.stored(id)).toMatchObject({ status: 'requires_capture', sessionId });
  });
});

describe('abandoned intents on Stripe', () => {
  let fake: FakeStripe;
  let s: Awaited<ReturnType<typeof sweptApp>>;

  beforeAll(async () => {
    fake = await startFakeStripe();
    s = await sweptApp(fake);
  });
  afterEach(() => s.rewind());
  afterAll(async () => {
    await s.t.close();
    await fake.close();
  });

  const cancelsOf = (id: string) =>
    fake.requests.filter((request) => request.path === `/v1/payment_intents/${id}/cancel`);

  async function savedCard() {
    const saved = await s.t.call('addToStripeSources', {
      token: await s.driver(),
      body: { card: fake.addPaymentMethod() },
    });
    return (saved.body.data as Card).id;
  }

  test('a closed wallet sheet is cancelled once, as abandoned, under its own key', async () => {
    const id = await s.initiate('APPLEPAY');
    s.advance(61 * MINUTE);
    await s.canceled(id);
    await s.swept();
    expect(cancelsOf(id)).toEqual([
      expect.objectContaining({
        method: 'POST',
        idempotencyKey: `abandon:${id}`,
        form: { cancellation_reason: 'abandoned' },
      }),
    ]);
    expect(fake.intent(id)).toMatchObject({ status: 'canceled' });
  });

  test.skipIf(!process.env.DATABASE_URL)(
    'two nodes sweeping together ask Stripe to cancel once',
    async () => {
      await s.t.withNode({});
      const id = await s.initiate('GOOGLEPAY');
      s.advance(61 * MINUTE);
      await s.canceled(id);
      await s.swept();
      expect(cancelsOf(id)).toHaveLength(1);
    },
  );

  test('Stripe down: the cancel is tried again an hour later under a key of its own', async () => {
    const id = await s.initiate('GOOGLEPAY');
    fake.failNextCancel();
    s.advance(61 * MINUTE);
    const putOff = await until(
      () => s.stored(id),
      (row) => row.sweepAttempts === 1,
    );
    expect(putOff.status).toBe('requires_payment_method');
    await s.swept();
    expect(cancelsOf(id)).toHaveLength(1);

    s.advance(61 * MINUTE);
    await s.canceled(id);
    expect(cancelsOf(id).map((request) => request.idempotencyKey)).toEqual([
      `abandon:${id}`,
      `abandon:${id}:2`,
    ]);
  });

  test('a hold confirmed at Stripe is learnt, kept while reusable, then released', async () => {
    const card = await savedCard();
    const id = await s.initiate(card);
    // The driver confirms with Stripe.js; nobody has told the server yet.
    fake.confirmIntent(id);
    expect((await s.stored(id)).status).toBe('requires_confirmation');
    s.advance(61 * MINUTE);
    // The sweep asks Stripe, records the hold and leaves it for reuse.
    expect(
      await until(
        () => s.stored(id),
        (row) => row.status === 'requires_capture',
      ),
    ).toMatchObject({ amountCapturable: 3000 });
    await s.swept();
    expect(cancelsOf(id)).toEqual([]);

    s.advance(24 * HOUR);
    await s.canceled(id);
    expect(cancelsOf(id)).toHaveLength(1);
    expect(fake.intent(id)).toMatchObject({ status: 'canceled', amount_capturable: 0 });
  });
});
