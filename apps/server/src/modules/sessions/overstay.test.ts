import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ChargePointSimulator } from '@evc/charger-sim';
import {
  transactionView,
  type Card,
  type ChargerInput,
  type PaymentIntentResponse,
  type TransactionView,
} from '@evc/contract';
import { createTestApp, DRIVER, OPERATOR, type TestApp } from '../../test/test-app.ts';
import {
  fastChargingSimulator,
  listenOnLoopback,
  provisionCharger,
  testCharger,
} from '../../test/test-chargers.ts';
import { setStoredBalance, until } from '../../test/test-users.ts';

let t: TestApp;
let base: string;
let driver: string;
let operatorToken: string;
const sims: ChargePointSimulator[] = [];

const UNPLUG_WAIT_LIMIT_MS = 3000;

beforeAll(async () => {
  t = await createTestApp({
    ocpp: { heartbeatSeconds: 60, pingIntervalMs: 300 },
    sessions: { startTimeoutMs: 1500, unplugWaitLimitMs: UNPLUG_WAIT_LIMIT_MS },
  });
  base = await listenOnLoopback(t);
  driver = (await t.login(DRIVER)).token;
  operatorToken = (await t.login(OPERATOR)).token;
});

afterAll(async () => {
  for (const sim of sims) await sim.stop().catch(() => undefined);
  await t.close();
});

/** A charger at `tariff` whose simulator keeps the cable in after a stop, until unplugged. */
async function chargerKeepingTheCable(chargePointId: string, barcode: string, tariff: object) {
  const charger = await provisionCharger(
    t,
    operatorToken,
    testCharger(chargePointId, barcode, { tariff } as Partial<ChargerInput>),
  );
  const sim = fastChargingSimulator(base, chargePointId);
  sims.push(sim);
  await sim.start();
  sim.keepCablePlugged(1);
  return { charger, sim };
}

async function session(id: string) {
  const answer = await t.call('getTransactionByID', { token: driver, body: { transactionid: id } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return transactionView.parse(answer.body.data);
}

async function start(body: object): Promise<TransactionView> {
  const answer = await t.call('remoteStartTransaction', { token: driver, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const started = transactionView.parse(answer.body.data);
  await until(
    () => session(started._id),
    (view) => view.kWh > 0.05,
  );
  return started;
}

async function stopRemotely(id: string) {
  const answer = await t.call('remoteStopTransaction', {
    token: driver,
    body: { transactionid: id },
  });
  expect(answer.status).toBe(200);
  return until(
    () => session(id),
    (view) => view.state === 'finished',
  );
}

const settled = (id: string) =>
  until(
    () => session(id),
    (view) => !['none', 'held'].includes(view.payment.status),
  );

/** A confirmed sandbox hold of 3000 for a charge at the charger. */
async function heldIntent(chargerId: string) {
  const method = await t.call('sandboxCreatePaymentMethod', {
    token: driver,
    body: { number: '4242424242424242', exp_month: 12, exp_year: 2099, cvc: '123' },
  });
  const card = (
    await t.call('addToStripeSources', {
      token: driver,
      body: { card: (method.body.data as { id: string }).id },
    })
  ).body.data as Card;
  const intent = await t.call('initiatePaymentIntent', {
    token: driver,
    body: {
      connector_id: `${chargerId}:1`,
      type: 'charge',
      amount: 3000,
      source: card.id,
      capture_method: 'manual',
    },
  });
  const { intentid } = intent.body.data as PaymentIntentResponse;
  await t.call('sandboxConfirmPaymentIntent', {
    token: driver,
    params: { id: intentid },
    body: { payment_method: card.id },
  });
  return intentid;
}

const sandboxIntent = async (id: string) =>
  (await t.call('sandboxGetPaymentIntent', { token: driver, params: { id } })).body.data as {
    amount_received: number;
    status: string;
  };

/** 200 for every started minute the car stays in the bay, from the first (no grace). */
const OVERSTAY_EVERY_MINUTE = {
  standard_rate: 0.45,
  currency: 'GBP',
  overstaycostperperiod: 200,
  overstayperiod: 1,
  overstaygraceperiod: 0,
};

describe('a session stopped with the cable still in, at a tariff with overstay fees', () => {
  test('waits for the unplug, shows the overstay accruing, then captures it with the energy', async () => {
    const { charger, sim } = await chargerKeepingTheCable('CP-OVER-PAYG', '6101', {
      ...OVERSTAY_EVERY_MINUTE,
      connection_cost: 50,
    });
    const intentId = await heldIntent(charger._id);
    const started = await start({
      chargerid: charger._id,
      connectorid: 1,
      source: 'PAYG',
      intent_id: intentId,
    });

    const stopped = await stopRemotely(started._id);
    expect(stopped.payment).toEqual({ held: 3000, captured: null, status: 'held' });
    const waiting = await until(
      () => session(started._id),
      (view) => view.connectorStatus === 'Finishing' && view.data.cost.parts.overstay === 200,
    );
    expect(waiting.data.finished).toBe(true);
    expect(waiting.payment.status).toBe('held');
    expect((await sandboxIntent(intentId)).status).toBe('requires_capture');

    await sim.unplug(1);
    const done = await settled(started._id);
    const { parts, applied_cost: cost } = done.data.cost;
    expect(parts.overstay).toBe(200);
    expect(parts.connection).toBe(50);
    expect(cost.total).toBe(parts.energy + 50 + 200);
    expect(done.payment).toEqual({ held: 3000, captured: cost.total, status: 'captured' });
    expect(done.data.enddate).toBe(stopped.data.enddate);
    expect(await sandboxIntent(intentId)).toMatchObject({
      status: 'succeeded',
      amount_received: cost.total,
    });
  });

  test('unplugged within the grace period: no overstay, debited at the unplug', async () => {
    await setStoredBalance(t, DRIVER.email, -5000);
    const { charger, sim } = await chargerKeepingTheCable('CP-OVER-GRACE', '6102', {
      ...OVERSTAY_EVERY_MINUTE,
      overstaygraceperiod: 10,
    });
    const started = await start({ chargerid: charger._id, connectorid: 1, source: 'CREDIT' });
    await stopRemotely(started._id);
    await until(
      () => session(started._id),
      (view) => view.connectorStatus === 'Finishing',
    );
    expect((await session(started._id)).payment.status).toBe('none');

    await sim.unplug(1);
    const done = await settled(started._id);
    expect(done.data.cost.parts.overstay).toBe(0);
    expect(done.payment).toEqual({
      held: 0,
      captured: done.data.cost.applied_cost.total,
      status: 'debited',
    });
  });

  test('the hold caps the overstay: settled for the whole hold without waiting for the unplug', async () => {
    const { charger, sim } = await chargerKeepingTheCable('CP-OVER-CAP', '6103', {
      ...OVERSTAY_EVERY_MINUTE,
      overstaycostperperiod: 5000,
    });
    const intentId = await heldIntent(charger._id);
    const started = await start({
      chargerid: charger._id,
      connectorid: 1,
      source: 'PAYG',
      intent_id: intentId,
    });
    await stopRemotely(started._id);
    const done = await settled(started._id);
    expect(sim.status(1)).toBe('Finishing');
    const { parts } = done.data.cost;
    expect(parts.overstay).toBe(3000 - parts.energy);
    expect(done.payment).toEqual({ held: 3000, captured: 3000, status: 'captured' });
    expect((await sandboxIntent(intentId)).amount_received).toBe(3000);
  });

  test('a cable never unplugged is settled at the wait limit', async () => {
    await setStoredBalance(t, DRIVER.email, -5000);
    const { charger, sim } = await chargerKeepingTheCable(
      'CP-OVER-LIMIT',
      '6104',
      OVERSTAY_EVERY_MINUTE,
    );
    const started = await start({ chargerid: charger._id, connectorid: 1, source: 'CREDIT' });
    const stoppedAt = Date.now();
    await stopRemotely(started._id);
    const done = await until(
      () => session(started._id),
      (view) => view.payment.status === 'debited',
      UNPLUG_WAIT_LIMIT_MS * 3,
    );
    expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(UNPLUG_WAIT_LIMIT_MS - 500);
    expect(sim.status(1)).toBe('Finishing');
    expect(done.data.cost.parts.overstay).toBe(200);
    expect(done.payment.captured).toBe(done.data.cost.applied_cost.total);
  });
});

describe('a tariff without overstay fees', () => {
  test('settles at the stop even with the cable still in', async () => {
    await setStoredBalance(t, DRIVER.email, -5000);
    const { charger, sim } = await chargerKeepingTheCable('CP-OVER-NONE', '6105', {
      standard_rate: 0.45,
      currency: 'GBP',
    });
    const started = await start({ chargerid: charger._id, connectorid: 1, source: 'CREDIT' });
    await stopRemotely(started._id);
    const done = await settled(started._id);
    expect(sim.status(1)).toBe('Finishing');
    expect(done.data.cost.parts.overstay).toBe(0);
    expect(done.payment.status).toBe('debited');
  });
});
