import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ChargerInput, ChargerView } from '@evc/contract';
import { createTestApp, DRIVER, OPERATOR, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let operatorToken: string;
let driverToken: string;

export function demoCharger(overrides: Partial<ChargerInput> = {}): ChargerInput {
  return {
    chargePointId: 'CP-LEEDS-01',
    barcode: '4821',
    name: 'Leeds Dock',
    address: '1 The Boulevard',
    city: 'Leeds',
    post_code: 'LS10 1PZ',
    country: 'gb',
    lat: 53.7925,
    lon: -1.5327,
    connectors: [
      { connectornumber: 1, type: 'Type 2', maxPowerKw: 22 },
      { connectornumber: 2, type: 'CCS', maxPowerKw: 50 },
    ],
    tariff: { standard_rate: 0.4, currency: 'gbp', connection_cost: 50, overstaygraceperiod: 15 },
    ...overrides,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  operatorToken = (await t.login(OPERATOR)).token;
  driverToken = (await t.login(DRIVER)).token;
});
afterAll(() => t.close());

describe('operator provisioning', () => {
  test('an operator provisions a charger; every field comes back, offline with no status until it connects', async () => {
    const created = await t.call('operatorCreateCharger', {
      token: operatorToken,
      body: demoCharger(),
    });
    expect(created.status).toBe(200);
    const charger = created.body.data as ChargerView;
    expect(charger).toMatchObject({
      chargePointId: 'CP-LEEDS-01',
      idTag: { barcode: '4821' },
      country: 'GB',
      online: false,
      connectors: [
        {
          connectornumber: 1,
          name: 'Connector 1',
          type: 'Type 2',
          currentStatus: { status: 'Unknown' },
        },
        {
          connectornumber: 2,
          name: 'Connector 2',
          type: 'CCS',
          currentStatus: { status: 'Unknown' },
        },
      ],
      tariff: {
        standard_rate: 0.4,
        currency: 'GBP',
        connection_cost: 50,
        overstaygraceperiod: 15,
        alternate_rate: null,
        payableByFuelCard: false,
        variability: null,
      },
    });

    const read = await t.call('operatorGetCharger', {
      token: operatorToken,
      params: { chargerid: charger._id },
    });
    expect(read.body.data).toEqual(charger);
    const list = await t.call('operatorListChargers', { token: operatorToken });
    expect((list.body.data as ChargerView[]).map((item) => item._id)).toContain(charger._id);
  });

  test('a barcode or charge point id already used is a 409', async () => {
    const again = await t.call('operatorCreateCharger', {
      token: operatorToken,
      body: demoCharger({ chargePointId: 'CP-OTHER' }),
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('BARCODE_TAKEN');
    const sameId = await t.call('operatorCreateCharger', {
      token: operatorToken,
      body: demoCharger({ barcode: '9999' }),
    });
    expect(sameId.status).toBe(409);
    expect(sameId.body.code).toBe('CHARGE_POINT_ID_TAKEN');
  });

  test.each([
    ['barcode', { barcode: '12345' }],
    ['lat', { lat: 91 }],
    ['connectors.0.type', { connectors: [{ connectornumber: 1, type: 'Schuko', maxPowerKw: 3 }] }],
    ['tariff.currency', { tariff: { standard_rate: 0.3, currency: 'pounds' } }],
    ['tariff.currency', { tariff: { standard_rate: 0.3, currency: '\u202e🚗⚡' } }],
    ['tariff.currency', { tariff: { standard_rate: 0.3, currency: 'ABC' } }],
    [
      'tariff.connection_cost',
      { tariff: { standard_rate: 0.3, currency: 'GBP', connection_cost: 2 ** 31 } },
    ],
    ['address', { address: 'x'.repeat(201) }],
    ['name', { name: 'Leeds\u0000Dock' }],
    [
      'tariff.alternate_time',
      { tariff: { standard_rate: 0.3, currency: 'GBP', alternate_time: '25:00' } },
    ],
  ] as const)('bad input names the field: %s', async (field, change) => {
    const answer = await t.call('operatorCreateCharger', {
      token: operatorToken,
      body: demoCharger({
        chargePointId: `CP-BAD-${field}`,
        barcode: '5000',
        ...(change as Partial<ChargerInput>),
      }),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(field);
  });

  test('a driver may not provision, list or delete chargers', async () => {
    const create = await t.call('operatorCreateCharger', {
      token: driverToken,
      body: demoCharger({ chargePointId: 'CP-DRIVER', barcode: '7777' }),
    });
    expect(create.status).toBe(403);
    expect((await t.call('operatorListChargers', { token: driverToken })).status).toBe(403);
  });

  test('PATCH changes fields and connectors; DELETE removes the charger', async () => {
    const created = (
      await t.call('operatorCreateCharger', {
        token: operatorToken,
        body: demoCharger({ chargePointId: 'CP-PATCH', barcode: '6001' }),
      })
    ).body.data as ChargerView;
    const patched = await t.call('operatorUpdateCharger', {
      token: operatorToken,
      params: { chargerid: created._id },
      body: {
        name: 'Leeds Dock East',
        connectors: [{ connectornumber: 1, type: 'CHAdeMO', maxPowerKw: 50 }],
      },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({
      name: 'Leeds Dock East',
      connectors: [{ connectornumber: 1, type: 'CHAdeMO' }],
    });
    const home = await t.call('operatorUpdateCharger', {
      token: operatorToken,
      params: { chargerid: created._id },
      body: { home: true },
    });
    expect(home.body.data).toMatchObject({ home: true });
    // A field left out of a PATCH stays as it is.
    const renamed = await t.call('operatorUpdateCharger', {
      token: operatorToken,
      params: { chargerid: created._id },
      body: { city: 'Bradford' },
    });
    expect(renamed.body.data).toMatchObject({
      home: true,
      city: 'Bradford',
      name: 'Leeds Dock East',
    });

    const taken = await t.call('operatorUpdateCharger', {
      token: operatorToken,
      params: { chargerid: created._id },
      body: { barcode: '4821' },
    });
    expect(taken.status).toBe(409);

    const removed = await t.call('operatorDeleteCharger', {
      token: operatorToken,
      params: { chargerid: created._id },
    });
    expect(removed.status).toBe(200);
    const gone = await t.call('operatorGetCharger', {
      token: operatorToken,
      params: { chargerid: created._id },
    });
    expect(gone.status).toBe(404);
  });
});

describe('/getChargerByBarcode', () => {
  test('a driver finds a charger by its barcode; an unknown one is Charger Not Found', async () => {
    const found = await t.call('getChargerByBarcode', {
      token: driverToken,
      body: { barcode: '4821' },
    });
    expect(found.status).toBe(200);
    expect(found.body.data).toMatchObject({ name: 'Leeds Dock', idTag: { barcode: '4821' } });
    const missing = await t.call('getChargerByBarcode', {
      token: driverToken,
      body: { barcode: '0001' },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Charger Not Found');
    const bad = await t.call('getChargerByBarcode', {
      token: driverToken,
      body: { barcode: 'abcd' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('barcode');
  });
});
