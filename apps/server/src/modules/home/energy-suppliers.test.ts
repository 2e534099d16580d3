import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { energySupplierList } from '@evc/contract';
import { createTestApp, DRIVER, OPERATOR, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let driver: string;
let operator: string;

beforeAll(async () => {
  t = await createTestApp();
  driver = (await t.login(DRIVER)).token;
  operator = (await t.login(OPERATOR)).token;
});

afterAll(() => t.close());

const list = async (token: string) => {
  const answer = await t.call('listEnergySuppliers', { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return energySupplierList.parse(answer.body.data);
};

const replace = (token: string, suppliers: unknown) =>
  t.call('operatorReplaceEnergySuppliers', { token, body: { suppliers } });

describe('energy suppliers and their EV plans (issue 16, spec 001 §5)', () => {
  test('a signed-in driver reads the seeded UK suppliers and their plans, rates in pence', async () => {
    const suppliers = await list(driver);
    expect(suppliers.map((supplier) => supplier.name)).toEqual(
      expect.arrayContaining([
        'Octopus Energy',
        'EDF',
        'British Gas',
        'OVO',
        'E.ON Next',
        'Scottish Power',
      ]),
    );
    const octopus = suppliers.find((supplier) => supplier.name === 'Octopus Energy');
    expect(octopus?.plans.find((plan) => plan.name === 'Octopus Go')).toMatchObject({
      nightRate: { start: '00:30', end: '05:30' },
    });
    const eon = suppliers.find((supplier) => supplier.name === 'E.ON Next');
    expect(eon?.plans.find((plan) => plan.name === 'Next Drive')?.nightRate).toMatchObject({
      start: '00:00',
      end: '07:00',
    });
    for (const plan of suppliers.flatMap((supplier) => supplier.plans)) {
      expect(plan.dayRateCost).toBeGreaterThan(plan.nightRate?.cost ?? 0);
    }
    expect((await t.call('listEnergySuppliers', {})).status).toBe(401);
  });

  test('only an operator replaces the whole list, in one go; bad input names its field', async () => {
    const next = [
      {
        name: 'Good Energy',
        plans: [
          {
            name: 'EV Tariff',
            dayRateCost: 28.1,
            nightRate: { cost: 9.5, start: '00:00', end: '05:00' },
          },
          { name: 'Clean Standard', dayRateCost: 27.9, nightRate: null },
        ],
      },
      { name: 'Octopus Energy', plans: [{ name: 'Octopus Go', dayRateCost: 26, nightRate: null }] },
    ];
    const byDriver = await replace(driver, next);
    expect(byDriver.status).toBe(403);
    expect(byDriver.body).toMatchObject({ code: 'OPERATOR_ONLY' });

    const badTime = await replace(operator, [
      {
        name: 'X',
        plans: [
          { name: 'Y', dayRateCost: 20, nightRate: { cost: 5, start: '24:00', end: '05:00' } },
        ],
      },
    ]);
    expect(badTime.status).toBe(400);
    expect(JSON.stringify(badTime.body)).toContain('start');
    const twice = await replace(operator, [next[0], next[0]]);
    expect(twice.status).toBe(400);
    expect(twice.body).toMatchObject({ field: 'suppliers' });
    // Refused input changed nothing.
    expect((await list(driver)).length).toBeGreaterThan(2);

    const replaced = await replace(operator, next);
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    const now = await list(driver);
    expect(now.map((supplier) => supplier.name)).toEqual(['Good Energy', 'Octopus Energy']);
    expect(now[0]?.plans.map((plan) => plan.name)).toEqual(['EV Tariff', 'Clean Standard']);
    expect(now[0]?.plans[0]).toMatchObject({
      dayRateCost: 28.1,
      nightRate: { cost: 9.5, start: '00:00', end: '05:00' },
    });
    expect(energySupplierList.parse(replaced.body.data)).toEqual(now);
  });
});
