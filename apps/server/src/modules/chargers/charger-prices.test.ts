import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listChargerPricesResponse, MAX_PRICED_CHARGERS, type ChargerPrice } from '@evc/contract';
import { createTestApp, DRIVER, OPERATOR, type TestApp } from '../../test/test-app.ts';
import { provisionCharger, testCharger } from '../../test/test-chargers.ts';

/**
 * Issue 19: the price now on list rows and map markers. The app asks for the chargers on screen;
 * each answers the tariff its caller pays there as the week's price steps.
 */

let t: TestApp;
let driver: string;
let operator: string;
const ids: Record<string, string> = {};

const day = (weekday: number) => (weekday - 1) * 24 * 60;

async function prices(token: string, barcodes: string[]): Promise<ChargerPrice[]> {
  const answer = await t.call('listChargerPrices', { token, body: { barcodes } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return listChargerPricesResponse
    .parse(answer.body.data)
    .prices.sort((a, b) => a.barcode.localeCompare(b.barcode));
}

async function groupWithTariff(code: string, chargers: string[], standardRate: number) {
  const created = await t.call('operatorCreateGroup', {
    token: operator,
    body: { name: code, groupcode: code },
  });
  expect(created.status).toBe(200);
  const groupid = (created.body.data as { _id: string })._id;
  const priced = await t.call('operatorSetGroupTariffs', {
    token: operator,
    params: { groupid },
    body: {
      chargers: chargers.map((barcode) => ids[barcode]),
      tariff: { standard_rate: standardRate, currency: 'GBP' },
    },
  });
  expect(priced.status, JSON.stringify(priced.body)).toBe(200);
  const joined = await t.call('joinGroupByCode', {
    token: driver,
    body: { code: { groupcode: code } },
  });
  expect(joined.status).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  driver = (await t.login(DRIVER)).token;
  operator = (await t.login(OPERATOR)).token;
  const chargers = [
    testCharger('CP-PRICE-1', '7001'),
    testCharger('CP-PRICE-2', '7002', {
      tariff: {
        standard_rate: 0.69,
        alternate_rate: 0.49,
        alternate_time: '20:00',
        currency: 'GBP',
      },
    }),
    testCharger('CP-PRICE-3', '7003', { tariff: { standard_rate: 0, currency: 'EUR' } }),
    testCharger('CP-PRICE-4', '7004', { home: true }),
  ];
  for (const input of chargers) {
    ids[input.barcode] = (await provisionCharger(t, operator, input))._id;
  }
});
afterAll(() => t.close());

describe('listChargerPrices (issue 19: the price now on rows and markers)', () => {
  it('prices the public chargers asked about as the week’s steps; a home or unknown barcode is left out', async () => {
    expect(await prices(driver, ['7001', '7002', '7003', '7004', '7999'])).toEqual([
      { barcode: '7001', currency: 'GBP', free: false, steps: [[0, 0.45]] },
      {
        barcode: '7002',
        currency: 'GBP',
        free: false,
        steps: [1, 2, 3, 4, 5, 6, 7].flatMap((weekday) => [
          [day(weekday), 0.69],
          [day(weekday) + 20 * 60, 0.49],
        ]),
      },
      { barcode: '7003', currency: 'EUR', free: true, steps: [[0, 0]] },
    ]);
  });

  it('a member pays their groups’ cheapest tariff, in the same answer as the public prices', async () => {
    await groupWithTariff('PRICE-A', ['7001', '7002'], 0.3);
    await groupWithTariff('PRICE-B', ['7002'], 0.25);
    expect(await prices(driver, ['7001', '7002', '7003'])).toEqual([
      { barcode: '7001', currency: 'GBP', free: false, steps: [[0, 0.3]] },
      { barcode: '7002', currency: 'GBP', free: false, steps: [[0, 0.25]] },
      { barcode: '7003', currency: 'EUR', free: true, steps: [[0, 0]] },
    ]);
    // The operator is in neither group: the public price.
    expect((await prices(operator, ['7001']))[0]?.steps).toEqual([[0, 0.45]]);
  });

  it.each<[string, unknown, string]>([
    ['no barcode', { barcodes: [] }, 'barcodes'],
    [
      'more than a screenful',
      { barcodes: Array.from({ length: MAX_PRICED_CHARGERS + 1 }, (_, i) => String(1000 + i)) },
      'barcodes',
    ],
    ['a barcode twice', { barcodes: ['7001', '7001'] }, 'barcodes'],
    ['a barcode that is not 4 digits', { barcodes: ['7001', 'x1'] }, 'barcodes.1'],
    ['no list', {}, 'barcodes'],
  ])('%s is refused with a 400 naming the field', async (_, body, field) => {
    const answer = await t.call('listChargerPrices', { token: driver, body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body).toMatchObject({ field });
  });

  it('needs a signed-in caller', async () => {
    const answer = await t.call('listChargerPrices', { body: { barcodes: ['7001'] } });
    expect(answer.status).toBe(401);
  });
});
