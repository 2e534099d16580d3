import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ChargerInput, ChargerView } from '@evc/contract';
import { users } from '../../platform/db/schema.ts';
import { createTestApp, DRIVER, OPERATOR, type TestApp } from '../../test/test-app.ts';
import { provisionCharger, testCharger } from '../../test/test-chargers.ts';

let t: TestApp;
let operatorToken: string;
let driverToken: string;
let driverId: string;

const provision = (barcode: string, tariff: ChargerInput['tariff']) =>
  provisionCharger(t, operatorToken, testCharger(`CP-CALLS-${barcode}`, barcode, { tariff }));

beforeAll(async () => {
  t = await createTestApp();
  operatorToken = (await t.login(OPERATOR)).token;
  driverToken = (await t.login(DRIVER)).token;
  const [row] = await t.database.db.select().from(users).where(eq(users.email, DRIVER.email));
  driverId = row?.id ?? '';
});

afterAll(() => t.close());

describe('driver calls about a charger', () => {
  test('preauth is 3000 minor units, 0 for a free tariff, 404 for an unknown charger', async () => {
    const paid = await provision('3501', { standard_rate: 0.45, currency: 'GBP' });
    const free = await provision('3502', { standard_rate: 0, currency: 'GBP' });
    const ask = (chargerid: string) =>
      t.call('getChargerPreauth', { token: driverToken, params: { chargerid } });
    expect((await ask(paid._id)).body).toEqual({ data: { amount: 3000, currency: 'GBP' } });
    expect((await ask(free._id)).body).toEqual({ data: { amount: 0, currency: 'GBP' } });
    const unknown = await ask('no-such-charger');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ message: 'Charger Not Found' });
  });

  test('checkMyTransactionData shows only the caller’s own transaction', async () => {
    const charger = await provision('3503', { standard_rate: 0.45, currency: 'GBP' });
    const { transactions } = t.services;
    const ask = (body: object, token = driverToken) =>
      t.call('checkMyTransactionData', { token, body });
    await transactions.start({
      chargerId: charger._id,
      connectorNumber: 1,
      idTag: 'SOMEONE-ELSE',
      userId: null,
      meterStartWh: 100,
      startedAt: new Date('2026-01-01T09:00:00Z'),
    });
    expect((await ask({ chargerid: charger._id, connectorid: 1 })).body).toEqual({ data: null });
    const { row } = await transactions.start({
      chargerId: charger._id,
      connectorNumber: 1,
      idTag: 'MINE',
      userId: driverId,
      meterStartWh: 500,
      startedAt: new Date('2026-01-01T10:00:00Z'),
    });
    await transactions.addMeterValues([
      {
        chargerId: charger._id,
        connectorNumber: 1,
        transactionId: row.transactionId,
        energyWh: 2500,
        powerW: 7000,
        socPercent: null,
        sampledAt: new Date('2026-01-01T10:10:00Z'),
      },
    ]);
    expect((await ask({ chargerid: charger._id, connectorid: 1 })).body).toEqual({
      data: {
        transactionId: row.transactionId,
        connectorid: 1,
        meterStartWh: 500,
        energyWh: 2000,
        startedAt: '2026-01-01T10:00:00.000Z',
      },
    });
    const bad = await ask({ chargerid: charger._id, connectorid: 0 });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('connectorid');
    expect((await ask({ chargerid: 'nope', connectorid: 1 })).status).toBe(404);
  });

  test('a driver’s look-up says which connectors run a transaction, never whose', async () => {
    const charger = await provisionCharger(
      t,
      operatorToken,
      testCharger('CP-CALLS-3505', '3505', {
        connectors: [
          { connectornumber: 1, type: 'Type 2', maxPowerKw: 22 },
          { connectornumber: 2, type: 'Type 2', maxPowerKw: 22 },
        ],
      }),
    );
    await t.services.transactions.start({
      chargerId: charger._id,
      connectorNumber: 2,
      idTag: 'SOMEONE-ELSE',
      userId: null,
      meterStartWh: 0,
      startedAt: new Date('2026-01-01T09:00:00Z'),
    });
    const found = await t.call('getChargerByBarcode', {
      token: driverToken,
      body: { barcode: '3505' },
    });
    const connectors = (found.body.data as ChargerView).connectors;
    expect(connectors.map((c) => [c.connectornumber, c.currentStatus.inTransaction])).toEqual([
      [1, false],
      [2, true],
    ]);
  });

  test('unauthorised tags at a charger, newest first, and a bad barcode named', async () => {
    const charger = await provision('3504', { standard_rate: 0.45, currency: 'GBP' });
    const { transactions } = t.services;
    const now = Date.now();
    for (const [idTag, minutesAgo, status] of [
      ['OLD', 30, 'Invalid'],
      ['FIRST', 5, 'Invalid'],
      ['KNOWN', 3, 'Accepted'],
      ['SECOND', 1, 'Invalid'],
    ] as const) {
      await transactions.recordAuthorize({
        chargerId: charger._id,
        idTag,
        status,
        attemptedAt: new Date(now - minutesAgo * 60_000),
      });
    }
    const answer = await t.call('getUnauthorizedAuthsOnChargerByBarcode', {
      token: driverToken,
      body: { barcode: '3504' },
    });
    expect((answer.body.data as { idTag: string }[]).map((a) => a.idTag)).toEqual([
      'SECOND',
      'FIRST',
    ]);
    const bad = await t.call('getUnauthorizedAuthsOnChargerByBarcode', {
      token: driverToken,
      body: { barcode: '12' },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('barcode');
  });
});
