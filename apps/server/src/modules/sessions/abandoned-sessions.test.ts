import { eq } from 'drizzle-orm';
import type { RPCClient } from 'ocpp-rpc';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ChargerView } from '@evc/contract';
import { chargingSessions, ocppMeterValues } from '../../platform/db/schema.ts';
import { capturedLog } from '../../test/captured-log.ts';
import { DRIVER, type TestApp } from '../../test/test-app.ts';
import { startTestBed, type TestBed } from '../../test/test-bed.ts';
import { until, userRow } from '../../test/test-users.ts';
import { createChargingSessionRepository } from './charging-session-repository.ts';
import { energyAt45p, sessionSteps, START_TIMEOUT_MS } from './test-support.ts';

/** Silence after which a session of a charger that went away is ended, in these tests. */
const ABANDON_MS = 1500;

/** Every line both nodes log, parsed. */
const lines: Record<string, unknown>[] = [];
const logged = () => capturedLog('warn', lines).logger;

let bed: TestBed;
let t: TestApp;
let driver: string;
const sessionOptions = { startTimeoutMs: START_TIMEOUT_MS, abandonAfterMs: ABANDON_MS };

beforeAll(async () => {
  bed = await startTestBed({ logger: logged(), sessions: sessionOptions });
  ({ t, driver } = bed);
  // A second node on the same database sweeps too (its own connections on PostgreSQL, as another
  // process would have): each session must still end once.
  const second = { logger: logged(), sessions: sessionOptions };
  await (process.env.DATABASE_URL ? t.withNode(second) : t.withApp(second));
});

afterAll(() => bed.close());

const { session, start, heldIntent, sandboxIntent } = sessionSteps(() => bed);

/** A charger driven message by message, that accepts remote starts. */
async function connectedCharger(identity: string): Promise<RPCClient> {
  const client = bed.ocppClient(identity);
  client.handle('RemoteStartTransaction', () => Promise.resolve({ status: 'Accepted' }));
  await client.connect();
  await client.call('BootNotification', { chargePointVendor: 'Test', chargePointModel: 'Away' });
  return client;
}

/** A PAYG start at connector 1 of the charger on a new hold, as the app makes it. */
async function startPayg(charger: ChargerView) {
  const intentId = await heldIntent(charger._id);
  const view = await start(driver, {
    chargerid: charger._id,
    connectorid: 1,
    source: 'PAYG',
    intent_id: intentId,
  });
  return { intentId, pending: view };
}

/** A PAYG session started on the charger's connector 1 and metered to `wh`. */
async function chargingTo(client: RPCClient, charger: ChargerView, wh: number) {
  const { intentId, pending } = await startPayg(charger);
  const [row] = await t.database.db
    .select()
    .from(chargingSessions)
    .where(eq(chargingSessions.id, pending._id));
  const { transactionId } = (await client.call('StartTransaction', {
    connectorId: 1,
    idTag: row?.idTag,
    meterStart: 0,
    timestamp: new Date().toISOString(),
  })) as { transactionId: number };
  await client.call('MeterValues', {
    connectorId: 1,
    transactionId,
    meterValue: [
      {
        timestamp: new Date().toISOString(),
        sampledValue: [
          { value: String(wh), measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
        ],
      },
    ],
  });
  await until(
    () => session(driver, pending._id),
    (view) => view.kWh >= wh / 1000,
  );
  return { sessionId: pending._id, intentId, transactionId };
}

const ended = (id: string) =>
  until(
    () => session(driver, id),
    (view) => view.state === 'finished' && !['none', 'held'].includes(view.payment.status),
  );

describe('a session whose charger went away', () => {
  test('ends on its last reading, is captured once, says why, and frees the connector', async () => {
    const charger = await bed.charger('CP-AWAY-1', '5401');
    const client = await connectedCharger('CP-AWAY-1');
    const { sessionId, intentId, transactionId } = await chargingTo(client, charger, 2000);
    await client.close({ force: true });

    // While it is away the driver is told so.
    const away = await until(
      () => session(driver, sessionId),
      (view) => view.connectorStatus === 'Offline',
    );
    expect(away.state).toBe('charging');

    const done = await ended(sessionId);
    const cost = energyAt45p(2000);
    expect(done.endReason).toBe('charger-offline');
    expect(done.data.meterStop).toBe(2000);
    expect(done.data.cost.applied_cost.total).toBe(cost);
    expect(done.payment).toEqual({ held: 3000, captured: cost, status: 'captured' });
    expect(await sandboxIntent(intentId)).toMatchObject({
      status: 'succeeded',
      amount_received: cost,
    });
    expect(
      lines.filter((line) => line.msg === 'session ended: its charger went away'),
    ).toHaveLength(1);

    const receipt = await t.call('sendReceipt', {
      token: driver,
      body: { transactionid: sessionId },
    });
    expect(receipt.status).toBe(200);
    const [mail] = await t.outbox(DRIVER.email);
    expect(mail?.text).toContain('ended while the charger was offline');

    // It comes back: the connector is free for the next driver.
    const back = await connectedCharger('CP-AWAY-1');
    const { pending: next } = await startPayg(charger);
    expect(next.state).toBe('pending');

    // Its queued StopTransaction arrives late, twice: answered, stored, reconciled once.
    const balanceBefore = (await userRow(t, DRIVER.email)).balanceMinor;
    const late = {
      transactionId,
      meterStop: 4000,
      timestamp: new Date().toISOString(),
      reason: 'PowerLoss',
    };
    expect(await back.call('StopTransaction', late)).toBeTypeOf('object');
    expect(await back.call('StopTransaction', late)).toBeTypeOf('object');
    const reconciled = await until(
      () => session(driver, sessionId),
      (view) => view.data.meterStop === 4000,
    );
    const final = energyAt45p(4000);
    expect(reconciled.data.cost.applied_cost.total).toBe(final);
    // The hold was captured once; the energy it did not cover is owed on the balance.
    expect(reconciled.payment.captured).toBe(cost);
    expect(await sandboxIntent(intentId)).toMatchObject({ amount_received: cost });
    expect((await userRow(t, DRIVER.email)).balanceMinor).toBe(balanceBefore + final - cost);
  });

  test('a sweep that read a session before its charger spoke again leaves it open; a reading stored but not yet applied is billed', async () => {
    const charger = await bed.charger('CP-AWAY-LATE', '5404');
    const client = await connectedCharger('CP-AWAY-LATE');
    const { sessionId, transactionId } = await chargingTo(client, charger, 1000);
    const read = async () => {
      const [row] = await t.database.db
        .select()
        .from(chargingSessions)
        .where(eq(chargingSessions.id, sessionId));
      if (!row?.lastReportAt) throw new Error('the session has heard its charger');
      return row;
    };
    const sessions = createChargingSessionRepository(t.database.db);
    const heard = (await read()).lastReportAt;
    if (!heard) throw new Error('the session has heard its charger');
    const patch = { state: 'finished' as const, meterStopWh: 1000 };

    // The sweep's cutoff is before the charger's last word: it spoke again after the sweep read.
    expect(await sessions.endIfStillSilent(await read(), heard, patch)).toBeUndefined();
    // A reading the ledger holds above the one the sweep would end on: still open.
    await t.database.db.insert(ocppMeterValues).values({
      chargerId: (await read()).chargerId,
      connectorNumber: 1,
      transactionId,
      energyWh: 1500,
      sampledAt: new Date(),
    });
    const later = new Date(heard.getTime() + 1);
    expect(await sessions.endIfStillSilent(await read(), later, patch)).toBeUndefined();
    expect((await read()).state).toBe('charging');
    expect(await sessions.lastMeteredWh((await read()).chargerId, transactionId)).toBe(1500);

    // The sweep itself ends it on the ledger's reading, which its meter values had not applied.
    await client.close({ force: true });
    const done = await ended(sessionId);
    expect(done.data.meterStop).toBe(1500);
    expect(done.data.cost.applied_cost.total).toBe(energyAt45p(1500));
    expect(done.payment.captured).toBe(energyAt45p(1500));
  });

  test('ends when its charger, back online, reports the connector Available after a reboot', async () => {
    const charger = await bed.charger('CP-AWAY-2', '5402');
    const client = await connectedCharger('CP-AWAY-2');
    const { sessionId } = await chargingTo(client, charger, 1000);
    await client.call('BootNotification', { chargePointVendor: 'Test', chargePointModel: 'Away' });
    await client.call('StatusNotification', {
      connectorId: 1,
      status: 'Available',
      errorCode: 'NoError',
    });
    const done = await ended(sessionId);
    expect(done.endReason).toBe('charger-offline');
    expect(done.data.cost.applied_cost.total).toBe(energyAt45p(1000));
  });

  test('a remote start whose charger disconnects before starting times out and releases its hold', async () => {
    const charger = await bed.charger('CP-AWAY-3', '5403');
    const client = await connectedCharger('CP-AWAY-3');
    const { intentId, pending } = await startPayg(charger);
    await client.close({ force: true });
    const rejected = await until(
      () => session(driver, pending._id),
      (view) => view.state === 'rejected' && view.payment.status !== 'held',
    );
    expect(rejected.payment).toEqual({ held: 3000, captured: null, status: 'released' });
    expect((await sandboxIntent(intentId)).status).toBe('canceled');
  });
});
