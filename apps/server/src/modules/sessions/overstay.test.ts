import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { ChargerInput, TransactionView } from '@evc/contract';
import { chargingSessions } from '../../platform/db/schema.ts';
import { DRIVER, type TestApp } from '../../test/test-app.ts';
import { startTestBed, type TestBed } from '../../test/test-bed.ts';
import { sandboxHold, sandboxIntent as ownersIntent } from '../../test/test-payments.ts';
import { remoteStart, remoteStop, sessionView } from '../../test/test-sessions.ts';
import { setStoredBalance, until } from '../../test/test-users.ts';

let bed: TestBed;
let t: TestApp;
let driver: string;

const UNPLUG_WAIT_LIMIT_MS = 3000;

beforeAll(async () => {
  bed = await startTestBed({
    sessions: { startTimeoutMs: 1500, unplugWaitLimitMs: UNPLUG_WAIT_LIMIT_MS },
  });
  ({ t, driver } = bed);
});

afterAll(() => bed.close());

/** A charger at `tariff` whose simulator keeps the cable in after a stop, until unplugged. */
async function chargerKeepingTheCable(chargePointId: string, barcode: string, tariff: object) {
  const live = await bed.liveCharger(chargePointId, barcode, { tariff } as Partial<ChargerInput>);
  live.sim.keepCablePlugged(1);
  return live;
}

const session = (id: string) => sessionView(t, driver, id);

/** Starts a session and waits until the car draws. */
async function start(body: object): Promise<TransactionView> {
  const started = await remoteStart(t, driver, body);
  await until(
    () => session(started._id),
    (view) => view.kWh > 0.05,
  );
  return started;
}

/** A PAYG session on a confirmed sandbox hold of 3000, drawing. */
async function startOnHold(chargerId: string) {
  const { intentId } = await sandboxHold(t, driver, chargerId);
  const started = await start({
    chargerid: chargerId,
    connectorid: 1,
    source: 'PAYG',
    intent_id: intentId,
  });
  return { intentId, started };
}

async function stopRemotely(id: string) {
  await remoteStop(t, driver, id);
  return until(
    () => session(id),
    (view) => view.state === 'finished',
  );
}

/** A CREDIT session stopped with the cable still in: Finishing, nothing debited yet. */
async function stoppedOnCreditWithCableIn(chargerId: string) {
  const started = await start({ chargerid: chargerId, connectorid: 1, source: 'CREDIT' });
  await stopRemotely(started._id);
  const waiting = await until(
    () => session(started._id),
    (view) => view.connectorStatus === 'Finishing',
  );
  expect(waiting.payment.status).toBe('none');
  return started;
}

const settled = (id: string) =>
  until(
    () => session(id),
    (view) => !['none', 'held'].includes(view.payment.status),
  );

const sandboxIntent = (id: string) => ownersIntent(t, driver, id);

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
    const { intentId, started } = await startOnHold(charger._id);

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
    const started = await stoppedOnCreditWithCableIn(charger._id);
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
    const { intentId, started } = await startOnHold(charger._id);
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

describe('a new session on the connector of one waiting for its unplug', () => {
  test('ends the overstay at its start: the car that overstayed has left the bay', async () => {
    await setStoredBalance(t, DRIVER.email, -5000);
    const { charger, sim } = await chargerKeepingTheCable(
      'CP-OVER-NEXT',
      '6106',
      OVERSTAY_EVERY_MINUTE,
    );
    const first = await stoppedOnCreditWithCableIn(charger._id);

    // A card presented at the connector still Finishing starts the next session there.
    const tag = { uid: 'C0FFEE01', userid: bed.driverId };
    expect((await t.call('createRFID', { token: driver, body: { tagData: tag } })).status).toBe(
      200,
    );
    expect(await sim.presentTag(1, tag.uid)).toBe('Accepted');
    const done = await settled(first._id);
    expect(sim.status(1)).not.toBe('Available');
    expect(done.data.cost.parts.overstay).toBe(200);
    expect(done.payment).toEqual({
      held: 0,
      captured: done.data.cost.applied_cost.total,
      status: 'debited',
    });
    const [before, next] = await t.database.db
      .select()
      .from(chargingSessions)
      .where(eq(chargingSessions.chargerId, charger._id))
      .orderBy(asc(chargingSessions.createdAt));
    expect(before?.id).toBe(first._id);
    expect(next?.startedAt).toBeInstanceOf(Date);
    expect(before?.unpluggedAt).toEqual(next?.startedAt);
    await sim.stopTransaction(1);
    await sim.unplug(1);
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
