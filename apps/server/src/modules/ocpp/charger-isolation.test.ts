import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { RPCClient } from 'ocpp-rpc';
import type { ChargerView, TransactionView } from '@evc/contract';
import { ocppMeterValues } from '../../platform/db/schema.ts';
import { DRIVER, type TestApp } from '../../test/test-app.ts';
import { startTestBed, type TestBed } from '../../test/test-bed.ts';
import { sandboxHold, sandboxIntent } from '../../test/test-payments.ts';
import { remoteStart, sessionView } from '../../test/test-sessions.ts';
import { until, userRow } from '../../test/test-users.ts';

let bed: TestBed;
let t: TestApp;
/** The driver's charger and the other one, both signed in with their passwords. */
let chargerA: ChargerView;
let chargerB: ChargerView;
let a: RPCClient;
let b: RPCClient;
/** The driver's PAYG session at charger A, its OCPP transaction, tag and card hold. */
let session: TransactionView;
let transactionId: number;
let idTag: string;
let intentId: string;

const METER_START = 10_000;
const START = { connectorId: 1, meterStart: METER_START, timestamp: '2026-03-01T09:00:00.000Z' };

const sample = (timestamp: string, wh: number) => ({
  timestamp,
  sampledValue: [{ value: String(wh), measurand: 'Energy.Active.Import.Register', unit: 'Wh' }],
});

async function connect(identity: string, password: string): Promise<RPCClient> {
  const client = bed.ocppClient(identity, password);
  // Charger A takes the driver's remote start and keeps its tag; B is never asked anything.
  client.handle('RemoteStartTransaction', ({ params }) => {
    idTag = (params as { idTag: string }).idTag;
    return Promise.resolve({ status: 'Accepted' });
  });
  await client.connect();
  return client;
}

/** Everything of the driver's that charger B could try to change. */
async function driversSide() {
  const view = await sessionView(t, bed.driver, session._id);
  return {
    transaction: await t.services.transactions.findById(transactionId),
    meterValues: await t.services.transactions.meterValues(transactionId),
    session: {
      state: view.state,
      kWh: view.kWh,
      meterStop: view.data.meterStop,
      cost: view.data.cost,
      payment: view.payment,
      connectorStatus: view.connectorStatus,
    },
    connector: await t
      .call('getChargerByBarcode', {
        token: bed.driver,
        body: { barcode: chargerA.idTag.barcode },
      })
      .then((answer) => (answer.body.data as ChargerView).connectors),
    hold: (await sandboxIntent(t, bed.driver, intentId)).status,
    balance: (await userRow(t, DRIVER.email)).balanceMinor,
  };
}

const storedFromB = async () =>
  t.database.db.select().from(ocppMeterValues).where(eq(ocppMeterValues.chargerId, chargerB._id));

const timestamp = fc
  .date({
    min: new Date('2020-01-01T00:00:00Z'),
    max: new Date('2035-01-01T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((date) => date.toISOString());
const meterReading = fc.integer({ min: 0, max: 2_147_483_647 });
const tag = fc.stringMatching(/^[A-Z0-9]{1,20}$/);
const samples = fc.array(
  fc.tuple(timestamp, meterReading).map(([at, wh]) => sample(at, wh)),
  { minLength: 1, maxLength: 3 },
);

/** What charger B may send about charger A's transaction (of this id) and connector. */
const foreignMessage = (transactionId: number) =>
  fc.oneof(
    fc
      .record(
        {
          transactionId: fc.constant(transactionId),
          meterStop: meterReading,
          timestamp,
          idTag: tag,
          reason: fc.constantFrom('Local', 'Remote', 'EVDisconnected', 'PowerLoss'),
          transactionData: samples,
        },
        { requiredKeys: ['transactionId', 'meterStop', 'timestamp'] },
      )
      .map((params) => ({ action: 'StopTransaction' as const, params })),
    fc
      .record({
        connectorId: fc.integer({ min: 0, max: 3 }),
        transactionId: fc.constant(transactionId),
        meterValue: samples,
      })
      .map((params) => ({ action: 'MeterValues' as const, params })),
    fc
      .record({
        connectorId: fc.integer({ min: 0, max: 3 }),
        errorCode: fc.constantFrom('NoError', 'GroundFailure', 'OtherError'),
        status: fc.constantFrom(
          'Available',
          'Preparing',
          'Charging',
          'SuspendedEV',
          'SuspendedEVSE',
          'Finishing',
          'Faulted',
          'Unavailable',
        ),
        timestamp,
      })
      .map((params) => ({ action: 'StatusNotification' as const, params })),
  );

beforeAll(async () => {
  // Keep-alive pings far apart: a busy machine must not cost the chargers their sockets mid-test.
  bed = await startTestBed({ ocpp: { pingIntervalMs: 60_000 } });
  t = bed.t;
  chargerA = await bed.charger('CP-ISO-A', '3801', { password: 'charger-a-secret' });
  chargerB = await bed.charger('CP-ISO-B', '3802', { password: 'charger-b-secret' });
  a = await connect('CP-ISO-A', 'charger-a-secret');
  b = await connect('CP-ISO-B', 'charger-b-secret');

  ({ intentId } = await sandboxHold(t, bed.driver, chargerA._id));
  const started = await remoteStart(t, bed.driver, {
    chargerid: chargerA._id,
    connectorid: 1,
    source: 'PAYG',
    intent_id: intentId,
  });
  const answer = (await a.call('StartTransaction', { ...START, idTag })) as {
    transactionId: number;
    idTagInfo: { status: string };
  };
  expect(answer.idTagInfo.status).toBe('Accepted');
  transactionId = answer.transactionId;
  await a.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Charging' });
  await a.call('MeterValues', {
    connectorId: 1,
    transactionId,
    meterValue: [sample('2026-03-01T09:10:00.000Z', METER_START + 1500)],
  });
  session = await until(
    () => sessionView(t, bed.driver, started._id),
    (view) => view.state === 'charging' && view.kWh === 1.5,
  );
});

afterAll(() => bed.close());

describe("a charger's messages about another charger's transaction or connector", () => {
  test('are refused and change nothing of the driver at the other charger', async () => {
    const before = await driversSide();
    expect(before.session.cost.applied_cost.total).toBeGreaterThan(0);

    await fc.assert(
      fc.asyncProperty(
        fc.array(foreignMessage(transactionId), { minLength: 1, maxLength: 3 }),
        async (messages) => {
          for (const message of messages) {
            const answer = await b.call(message.action, message.params);
            if (message.action === 'StopTransaction') {
              // OCPP 1.6 §4.10 wants an answer: the tag, if any, is Invalid for this transaction.
              expect(answer).toEqual(
                'idTag' in message.params ? { idTagInfo: { status: 'Invalid' } } : {},
              );
            } else {
              expect(answer).toEqual({});
            }
          }
          expect(await driversSide()).toEqual(before);
          expect(await storedFromB()).toEqual([]);
          expect(await t.services.transactions.forCharger(chargerB._id)).toEqual([]);
        },
      ),
      { numRuns: 25 },
    );
  });

  test('an id tag issued for one remote start starts no second transaction, billed to no one', async () => {
    const before = await driversSide();
    const replay = (await a.call('StartTransaction', { ...START, idTag })) as {
      transactionId: number;
      idTagInfo: { status: string };
    };
    expect(replay).toEqual({ transactionId, idTagInfo: { status: 'Accepted' } });

    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        timestamp,
        meterReading,
        meterReading,
        async (onB, startedAt, meterStart, energy) => {
          const charger = onB ? b : a;
          const second = (await charger.call('StartTransaction', {
            connectorId: 1,
            idTag,
            meterStart,
            timestamp: startedAt,
          })) as { transactionId: number; idTagInfo: { status: string } };
          expect(second.transactionId).not.toBe(transactionId);
          expect(second.idTagInfo.status).toBe('ConcurrentTx');
          await charger.call('MeterValues', {
            connectorId: 1,
            transactionId: second.transactionId,
            meterValue: [sample(startedAt, energy)],
          });
          await charger.call('StopTransaction', {
            transactionId: second.transactionId,
            meterStop: energy,
            timestamp: startedAt,
          });
          expect(await driversSide()).toEqual(before);
        },
      ),
      { numRuns: 25 },
    );

    // Once its transaction is over, the tag starts nothing at all.
    await a.call('StopTransaction', {
      transactionId,
      meterStop: METER_START + 1500,
      timestamp: '2026-03-01T09:20:00.000Z',
      reason: 'Remote',
    });
    const after = (await a.call('StartTransaction', {
      ...START,
      timestamp: '2026-03-01T10:00:00.000Z',
      idTag,
    })) as { idTagInfo: { status: string } };
    expect(after.idTagInfo.status).toBe('Invalid');

    // The driver pays for what charger A measured, and for nothing else.
    const settled = await until(
      () => sessionView(t, bed.driver, session._id),
      (view) => view.state === 'finished' && view.payment.status !== 'held',
    );
    expect(settled.payment.captured).toBe(before.session.cost.applied_cost.total);
    expect(settled.kWh).toBe(1.5);
  });
});
