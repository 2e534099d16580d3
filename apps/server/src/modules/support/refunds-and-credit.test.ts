import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DriverOverview } from '@evc/contract';
import { startFakeStripe } from '../../test/fake-stripe.ts';
import type { TestApp } from '../../test/test-app.ts';
import type { TestBed } from '../../test/test-bed.ts';
import { setStoredBalance, until } from '../../test/test-users.ts';
import { DRIVER } from '../../test/test-app.ts';
import { createStripeClient, createStripeProviderFactory } from '../payments/stripe-provider.ts';
import { sessionSteps, startSessionTestBed } from '../sessions/test-support.ts';
import { staffToken } from './test-support.ts';

let bed: TestBed;
let t: TestApp;
let staff: string;

beforeAll(async () => {
  bed = await startSessionTestBed();
  t = bed.t;
  staff = await staffToken(t);
});
afterAll(() => bed.close());

const { start, session, chargeThenStop, startOnCredit, heldIntent, sandboxIntent } = sessionSteps(
  () => bed,
);

const overview = async () =>
  (await t.call('consoleDriverOverview', { token: staff, params: { driverid: bed.driverId } })).body
    .data as DriverOverview;
const refund = (sessionid: string, body: object) =>
  t.call('consoleRefund', { token: staff, params: { sessionid }, body });
const audit = async () =>
  (
    (await t.call('consoleAudit', { token: staff, query: { target: bed.driverId } })).body.data as {
      entries: { action: string; reason: string | null; detail: string | null; outcome: string }[];
    }
  ).entries;

describe('crediting a balance (issue 18)', () => {
  it('adds the amount to the credit with a reason, shown as a movement and audited', async () => {
    await setStoredBalance(t, DRIVER.email, -1000);
    const answer = await t.call('consoleCreditBalance', {
      token: staff,
      params: { driverid: bed.driverId },
      body: { amount: 250, reason: 'Charger fault on 3 Nov' },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toEqual({ creditMinor: 1250, currency: 'GBP' });
    const seen = await overview();
    expect(seen.balance?.creditMinor).toBe(1250);
    expect(seen.balance?.movements[0]).toMatchObject({ creditMinor: 250 });
    expect(await audit()).toContainEqual(
      expect.objectContaining({
        action: 'consoleCreditBalance',
        reason: 'Charger fault on 3 Nov',
        detail: 'amount 250 GBP',
        outcome: 'done',
      }),
    );
  });

  it('names the field for a bad amount and refuses no reason', async () => {
    for (const body of [
      { amount: 0, reason: 'Goodwill' },
      { amount: 1.5, reason: 'Goodwill' },
      { amount: 100, reason: '' },
    ]) {
      const answer = await t.call('consoleCreditBalance', {
        token: staff,
        params: { driverid: bed.driverId },
        body,
      });
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('refunding a session', () => {
  it('gives part, then the rest, of a card capture back through the provider', async () => {
    const { charger } = await bed.liveCharger('CP-SUPPORT-PAYG', '5901');
    const intentId = await heldIntent(charger._id);
    const started = await start(bed.driver, {
      chargerid: charger._id,
      connectorid: 1,
      source: 'PAYG',
      intent_id: intentId,
    });
    const done = await chargeThenStop(bed.driver, started._id);
    const total = done.payment.captured ?? 0;
    expect(total).toBeGreaterThan(1);
    expect((await sandboxIntent(intentId)).status).toBe('succeeded');

    const part = await refund(started._id, { amount: 1, reason: 'Overstay charged in error' });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(part.body.data).toMatchObject({ amount: 1, refundedTotal: 1, currency: 'GBP' });
    let session = (await overview()).sessions.find((s) => s.id === started._id);
    expect(session?.payment).toMatchObject({
      status: 'partly-refunded',
      captured: total,
      refunded: 1,
    });

    const tooMuch = await refund(started._id, { amount: total, reason: 'Again' });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body).toMatchObject({ code: 'REFUND_NOT_POSSIBLE', field: 'amount' });

    const rest = await refund(started._id, { reason: 'Whole session refunded' });
    expect(rest.body.data).toMatchObject({ amount: total - 1, refundedTotal: total });
    session = (await overview()).sessions.find((s) => s.id === started._id);
    expect(session?.payment.status).toBe('refunded');
    expect(session?.costTotal).toBe(done.data.cost.applied_cost.total);
    expect(session?.costParts.energy).toBeGreaterThan(0);

    expect(await audit()).toContainEqual(
      expect.objectContaining({ action: 'consoleRefund', reason: 'Overstay charged in error' }),
    );
    expect((await refund(started._id, { reason: 'Nothing left' })).status).toBe(409);
  });

  it('gives credit spent on a session back to the balance', async () => {
    await setStoredBalance(t, DRIVER.email, -5000);
    const { charger } = await bed.liveCharger('CP-SUPPORT-CREDIT', '5902');
    const started = await startOnCredit(charger._id);
    const done = await chargeThenStop(bed.driver, started._id);
    const debited = done.payment.captured ?? 0;
    const before = (await overview()).balance?.creditMinor ?? 0;
    const answer = await refund(started._id, { amount: debited, reason: 'Session failed' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((await overview()).balance?.creditMinor).toBe(before + debited);

    const mark = (await t.outbox(DRIVER.email)).length;
    const resent = await t.call('consoleResendReceipt', {
      token: staff,
      params: { sessionid: started._id },
      body: { reason: 'Driver lost the receipt' },
    });
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect((await t.outbox(DRIVER.email)).length).toBe(mark + 1);
    expect((await overview()).emails.length).toBeGreaterThan(0);

    const unlocked = await t.call('consoleUnlockConnector', {
      token: staff,
      params: { chargerid: charger._id },
      body: { connectorid: 1, reason: 'Cable stuck' },
    });
    expect(unlocked.status, JSON.stringify(unlocked.body)).toBe(200);
    const noConnector = await t.call('consoleUnlockConnector', {
      token: staff,
      params: { chargerid: charger._id },
      body: { connectorid: 9, reason: 'Cable stuck' },
    });
    expect(noConnector.status).toBe(404);
  });

  it('refuses a session whose payment was not taken, and an unknown session', async () => {
    expect((await refund('no-such-session', { reason: 'Test' })).status).toBe(404);
    const { charger } = await bed.liveCharger('CP-SUPPORT-HELD', '5903');
    const intentId = await heldIntent(charger._id);
    const started = await start(bed.driver, {
      chargerid: charger._id,
      connectorid: 1,
      source: 'PAYG',
      intent_id: intentId,
    });
    const held = await refund(started._id, { reason: 'Too early' });
    expect(held.status).toBe(409);
    expect(held.body.code).toBe('REFUND_NOT_POSSIBLE');
    await until(
      () => session(bed.driver, started._id),
      (view) => view.kWh > 0.05,
    );
    const stopped = await t.call('consoleStopSession', {
      token: staff,
      params: { sessionid: started._id },
      body: { reason: 'Driver cannot reach the app' },
    });
    expect(stopped.status, JSON.stringify(stopped.body)).toBe(200);
    await until(
      () => session(bed.driver, started._id),
      (view) => view.state === 'finished',
    );
  });
});

describe('a Stripe refund', () => {
  it('asks Stripe for the amount with the reason and an idempotency key', async () => {
    const fake = await startFakeStripe();
    try {
      const stripe = createStripeClient({ secretKey: 'sk_test_fake', apiUrl: fake.url });
      const method = fake.addPaymentMethod();
      const intent = await stripe.paymentIntents.create({
        amount: 1500,
        currency: 'gbp',
        payment_method: method,
        confirm: true,
        capture_method: 'automatic',
      });
      const provider = createStripeProviderFactory(stripe)(t.database.db);
      const mark = fake.requests.length;
      const refunded = await provider.refund({
        intentId: intent.id,
        amount: 400,
        reason: 'Charger fault',
        idempotencyKey: 'refund:one',
      });
      expect(refunded.id).toMatch(/^re_/);
      const [sent] = fake.requests.slice(mark);
      expect(sent).toMatchObject({
        method: 'POST',
        path: '/v1/refunds',
        idempotencyKey: 'refund:one',
      });
      expect(sent?.form).toMatchObject({
        payment_intent: intent.id,
        amount: '400',
        'metadata[reason]': 'Charger fault',
      });
    } finally {
      await fake.close();
    }
  });
});
