import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Card } from '@evc/contract';
import { chargingSessions } from '../../platform/db/schema.ts';
import { fakeStripeConfig, startFakeStripe, type FakeStripe } from '../../test/fake-stripe.ts';
import type { TestApp } from '../../test/test-app.ts';
import { startTestBed, type TestBed } from '../../test/test-bed.ts';
import { chargeHold, initiateIntent } from '../../test/test-payments.ts';
import { remoteStart, remoteStop, sessionView } from '../../test/test-sessions.ts';
import { until } from '../../test/test-users.ts';
import { MAX_SETTLEMENT_ATTEMPTS } from './settlement.ts';

const RETRY_MS = 200;

let fake: FakeStripe;
let bed: TestBed;
let t: TestApp;
let driver: string;

beforeAll(async () => {
  fake = await startFakeStripe();
  bed = await startTestBed({
    config: fakeStripeConfig(fake),
    sessions: { settlementRetryMs: RETRY_MS },
  });
  ({ t, driver } = bed);
});

afterAll(async () => {
  await bed.close();
  await fake.close();
});

const session = (id: string) => sessionView(t, driver, id);
const stop = (id: string) => remoteStop(t, driver, id);

async function sessionRow(id: string) {
  const [row] = await t.database.db
    .select()
    .from(chargingSessions)
    .where(eq(chargingSessions.id, id));
  if (!row) throw new Error(`no session ${id}`);
  return row;
}

/** A PAYG session on a 3000 Stripe hold, charging on a simulator of its own. */
async function chargingOnStripe(chargePointId: string, barcode: string) {
  const { charger, sim } = await bed.liveCharger(chargePointId, barcode);
  const saved = await t.call('addToStripeSources', {
    token: driver,
    body: { card: fake.addPaymentMethod() },
  });
  const card = saved.body.data as Card;
  const { intentid } = await initiateIntent(t, driver, chargeHold(charger._id, card.id));
  fake.confirmIntent(intentid);
  const { _id: id } = await remoteStart(t, driver, {
    chargerid: charger._id,
    connectorid: 1,
    source: 'PAYG',
    intent_id: intentid,
  });
  await until(
    () => session(id),
    (view) => view.kWh > 0.05,
  );
  return { id, intentId: intentid, sim };
}

/** Waits until the session's payment has come to `status`. */
const paymentSettledAs = (id: string, status: string) =>
  until(
    () => session(id),
    (view) => view.payment.status === status,
  );

const capturesOf = (intentId: string) =>
  fake.requests.filter((request) => request.path === `/v1/payment_intents/${intentId}/capture`);

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe('a settlement that did not finish', () => {
  test('Stripe unavailable at the stop: the sweep settles it on the next attempt', async () => {
    const { id, intentId } = await chargingOnStripe('CP-REC-DOWN', '7101');
    fake.failNextCapture('unavailable');
    await stop(id);
    const done = await paymentSettledAs(id, 'captured');
    const total = done.data.cost.applied_cost.total;
    expect(done.payment).toEqual({ held: 3000, captured: total, status: 'captured' });
    // The first capture failed; the second, under a key of its own, took the hold.
    expect(capturesOf(intentId).map((request) => request.idempotencyKey)).toEqual([
      `capture:${id}`,
      `capture:${id}:2`,
    ]);
    expect(fake.intent(intentId)).toMatchObject({ status: 'succeeded', amount_received: total });
    expect((await sessionRow(id)).settlementAttempts).toBe(2);
  });

  test('Stripe captured but its answer was lost: the capture is recorded, not repeated', async () => {
    const { id, intentId } = await chargingOnStripe('CP-REC-LOST', '7102');
    fake.failNextCapture('answerLost');
    await stop(id);
    const done = await paymentSettledAs(id, 'captured');
    const total = done.data.cost.applied_cost.total;
    expect(done.payment.captured).toBe(total);
    expect(capturesOf(intentId)).toHaveLength(1);
    expect(fake.intent(intentId)).toMatchObject({ status: 'succeeded', amount_received: total });
  });

  test('a claim left by a node that crashed after capturing is settled once, by the sweep', async () => {
    const { id, intentId, sim } = await chargingOnStripe('CP-REC-CRASH', '7103');
    // The charger's StopTransaction reached a node that claimed the settlement, captured 1234
    // at Stripe and died before recording either.
    await sim.stop();
    await t.database.db
      .update(chargingSessions)
      .set({
        state: 'finished',
        stoppedAt: new Date(),
        meterStopWh: 5000,
        costTotal: 1234,
        settlementClaimedAt: new Date(Date.now() - 60 * 60_000),
        settlementAttempts: 1,
      })
      .where(eq(chargingSessions.id, id));
    Object.assign(fake.intent(intentId) ?? {}, {
      status: 'succeeded',
      amount_received: 1234,
      amount_capturable: 0,
    });

    const done = await paymentSettledAs(id, 'captured');
    expect(done.payment).toEqual({ held: 3000, captured: 1234, status: 'captured' });
    // The sweep's one capture was refused as the hold was already taken: nothing captured twice.
    expect(capturesOf(intentId)).toHaveLength(1);
    expect(fake.intent(intentId)).toMatchObject({ amount_received: 1234 });
  });

  test('a session finished but never claimed (a crash in between) is settled by the sweep', async () => {
    const { id, intentId, sim } = await chargingOnStripe('CP-REC-UNCLAIMED', '7104');
    await sim.stop();
    await t.database.db
      .update(chargingSessions)
      .set({ state: 'finished', stoppedAt: new Date(), meterStopWh: 5000, costTotal: 777 })
      .where(eq(chargingSessions.id, id));
    const done = await paymentSettledAs(id, 'captured');
    expect(done.payment.captured).toBe(777);
    expect(capturesOf(intentId).map((request) => request.idempotencyKey)).toEqual([
      `capture:${id}`,
    ]);
  });
});

describe('a settlement that failed', () => {
  test('a card declined at capture is final: not tried again', async () => {
    const { id, intentId } = await chargingOnStripe('CP-REC-DECLINE', '7105');
    fake.failNextCapture('declined');
    await stop(id);
    await paymentSettledAs(id, 'failed');
    await pause(RETRY_MS * 5);
    expect((await session(id)).payment.status).toBe('failed');
    expect(capturesOf(intentId)).toHaveLength(1);
    expect(await sessionRow(id)).toMatchObject({ settlementAttempts: 1, settlementRetryAt: null });
  });

  test(`Stripe down every time: ${MAX_SETTLEMENT_ATTEMPTS} attempts, then left failed`, async () => {
    const { id, intentId } = await chargingOnStripe('CP-REC-GIVEUP', '7106');
    for (let i = 0; i < MAX_SETTLEMENT_ATTEMPTS; i += 1) fake.failNextCapture('unavailable');
    await stop(id);
    await until(
      async () => sessionRow(id),
      (row) => row.settlementAttempts === MAX_SETTLEMENT_ATTEMPTS && row.paymentStatus === 'failed',
      RETRY_MS * 30,
    );
    await pause(RETRY_MS * 5);
    expect(await sessionRow(id)).toMatchObject({
      paymentStatus: 'failed',
      settlementAttempts: MAX_SETTLEMENT_ATTEMPTS,
      settlementRetryAt: null,
    });
    expect(capturesOf(intentId)).toHaveLength(MAX_SETTLEMENT_ATTEMPTS);
    expect(fake.intent(intentId)).toMatchObject({ status: 'requires_capture' });
  });
});
