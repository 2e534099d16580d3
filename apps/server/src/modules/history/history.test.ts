import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { chargeHistoryResponse, dashboardDataResponse, type ChargerView } from '@evc/contract';
import { sessionBreakdown } from '@evc/domain';
import { carTypes, users } from '../../platform/db/schema.ts';
import { until, userRow } from '../../test/test-users.ts';
import { DRIVER, OPERATOR, type TestApp } from '../../test/test-app.ts';
import { startTestBed, type TestBed } from '../../test/test-bed.ts';
import { remoteStart, remoteStop, sessionView } from '../../test/test-sessions.ts';
import { createChargingSessionRepository } from '../sessions/charging-session-repository.ts';

let bed: TestBed;
let t: TestApp;
let driver: string;
let driverCode: string;
let driverId: string;
let other: string;
let otherCode: string;
let otherId: string;
let yard: ChargerView;
let milesPerKwh: number;

const history = async (token: string, body: object) => {
  const answer = await t.call('getChargeHistory', { token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return chargeHistoryResponse.parse(answer.body.data);
};

const dashboard = async (token: string, body: object) => {
  const answer = await t.call('getDashboardData', { token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return dashboardDataResponse.parse(answer.body.data);
};

/** A finished session written through the sessions repository, as settlement leaves it. */
async function finishedSession(input: {
  userId: string;
  startedAt: string;
  minutes: number;
  wh: number;
  cost: number;
  currency?: string;
}) {
  const startedAt = new Date(input.startedAt);
  const id = `hist-${Math.random().toString(36).slice(2)}`;
  await createChargingSessionRepository(t.database.db).insert({
    id,
    userId: input.userId,
    chargerId: yard._id,
    connectorNumber: 1,
    idTag: id.slice(0, 20),
    source: 'CREDIT',
    intentId: null,
    state: 'finished',
    tariff: { standard_rate: 0.3, currency: input.currency ?? 'GBP' },
    startDeadline: startedAt,
    startedAt,
    stoppedAt: new Date(startedAt.getTime() + input.minutes * 60_000),
    meterStartWh: 1000,
    meterStopWh: 1000 + input.wh,
    lastEnergyWh: 1000 + input.wh,
    costTotal: input.cost,
    paymentStatus: 'debited',
    capturedMinor: input.cost,
  });
  return id;
}

beforeAll(async () => {
  bed = await startTestBed();
  ({ t, driver, driverId, operator: other, operatorId: otherId } = bed);
  driverCode = (await userRow(t, DRIVER.email)).hrCode;
  otherCode = (await userRow(t, OPERATOR.email)).hrCode;
  const [car] = await t.database.db.select().from(carTypes).limit(1);
  if (!car) throw new Error('no car types seeded');
  milesPerKwh = car.milesPerKwh;
  await t.database.db.update(users).set({ carTypeId: car.id }).where(eq(users.id, driverId));
  yard = await bed.charger('CP-HIST-YARD', '6201', {
    name: 'Minster Yard',
    city: 'Leeds',
    post_code: 'LS1 4AP',
  });
});

afterAll(() => bed.close());

describe('a session run against the simulator', () => {
  let sessionId: string;

  test('appears in the driver’s history with its charger, cost, kWh and histograms', async () => {
    await t.database.db.update(users).set({ balanceMinor: -5000 }).where(eq(users.id, driverId));
    const { charger } = await bed.liveCharger('CP-HIST-LIVE', '6202', {
      name: 'Ouse Bridge',
      city: 'York',
    });
    const started = await remoteStart(t, driver, {
      chargerid: charger._id,
      connectorid: 1,
      source: 'CREDIT',
    });
    sessionId = started._id;
    const view = () => sessionView(t, driver, sessionId);
    await until(view, (v) => v.state === 'charging' && v.kWh > 0.05);

    const active = await history(driver, { usercode: driverCode, limit: 5, active: true });
    expect(active.map((item) => item._id)).toEqual([sessionId]);
    expect(active[0]?.finished).toBe(false);

    await remoteStop(t, driver, sessionId);
    const done = await until(view, (v) => v.state === 'finished' && v.payment.status === 'debited');

    const [item] = await history(driver, { usercode: driverCode, limit: 1 });
    expect(item).toMatchObject({
      _id: sessionId,
      name: 'Ouse Bridge',
      city: 'York',
      post_code: 'YO1 6HT',
      barcode: '6202',
      finished: true,
      kwh: done.kWh,
      cost: done.data.cost.applied_cost.total,
      currency: { code: 'GBP', symbol: '£', decimal_digits: 2 },
      startdate: done.data.startdate,
      enddate: done.data.enddate,
      homeCharge: null,
    });
    const wh = (done.data.meterStop ?? 0) - (done.data.meterStart ?? 0);
    for (const key of ['histogram10', 'histogram30'] as const) {
      const histogram = item?.histograms[key];
      const sum = histogram?.periods.reduce((total, period) => total + period.value, 0) ?? 0;
      expect(sum).toBeCloseTo(wh / 1000, 6);
      expect(histogram?.startDate).toBe(done.data.startdate);
      expect(histogram?.periods[0]?.rate).toBe(0.45);
    }
    // The 30-minute histogram is the breakdown the session was priced with.
    expect(
      item?.histograms.histogram30.periods.map(({ periodStart, rate, value }) => ({
        periodStart,
        rate,
        value,
      })),
    ).toEqual(done.breakdown);

    const finishedOnly = await history(driver, { usercode: driverCode, limit: 5, active: false });
    expect(finishedOnly.map((entry) => entry._id)).toContain(sessionId);
    expect(await history(driver, { usercode: driverCode, limit: 5, active: true })).toEqual([]);
  });

  test('counts on today’s dashboard', async () => {
    const data = await dashboard(driver, { years: false });
    expect(data.window.kind).toBe('month');
    const [item] = await history(driver, { usercode: driverCode, limit: 1 });
    expect(data.totals.sessions).toBeGreaterThanOrEqual(1);
    expect(data.totals.kWh).toBeGreaterThanOrEqual(item?.kwh ?? 1);
  });

  test('never shows in another driver’s history or dashboard', async () => {
    const theirs = await history(other, { usercode: otherCode, limit: 100 });
    expect(theirs.map((item) => item._id)).not.toContain(sessionId);
    expect((await dashboard(other, {})).totals.sessions).toBe(0);
  });
});

describe('a session with a connection fee and a time fee (issue 19)', () => {
  test('its history item carries the cost parts and entries it was priced with, adding up to its cost', async () => {
    await t.database.db.update(users).set({ balanceMinor: -5000 }).where(eq(users.id, driverId));
    const { charger } = await bed.liveCharger('CP-HIST-FEES', '6204', {
      name: 'Station Rise',
      // £1 to connect, and 50p for every started hour from the start.
      tariff: {
        standard_rate: 0.45,
        currency: 'GBP',
        connection_cost: 100,
        costperperiod: 50,
        period: 60,
      },
    });
    const started = await remoteStart(t, driver, {
      chargerid: charger._id,
      connectorid: 1,
      source: 'CREDIT',
    });
    const view = () => sessionView(t, driver, started._id);
    await until(view, (v) => v.state === 'charging' && v.kWh > 0.05);
    await remoteStop(t, driver, started._id);
    const done = await until(view, (v) => v.state === 'finished' && v.payment.status === 'debited');

    const [item] = await history(driver, {
      usercode: driverCode,
      limit: 1,
      chargerid: charger._id,
    });
    if (!item?.enddate) throw new Error('the finished session is not in the history');
    expect(item._id).toBe(started._id);
    expect(item.parts).toEqual(done.data.cost.parts);
    expect(item.parts).toMatchObject({ connection: 100, periods: 50, overstay: 0 });
    expect(item.parts.energy).toBeGreaterThan(0);
    const { energy, connection, periods, overstay } = item.parts;
    expect(energy + connection + periods + overstay).toBe(item.cost);
    expect(item.cost).toBe(done.data.cost.applied_cost.total);
    expect(item.breakdown).toEqual(done.breakdown);
    // The rows the app draws from it: the energy rows, a row per fee, adding up to the cost.
    const rows = sessionBreakdown({
      entries: item.breakdown,
      parts: item.parts,
      startedAt: new Date(item.startdate),
      endedAt: new Date(item.enddate),
    });
    expect(rows.fees).toEqual([
      { fee: 'connection', costMinor: 100 },
      { fee: 'periods', costMinor: 50 },
    ]);
    expect(rows.energy.reduce((sum, row) => sum + row.costMinor, 0)).toBe(energy);
    expect(rows.total).toBe(item.cost);
  });
});

describe('history from stored sessions', () => {
  const ids: string[] = [];

  beforeAll(async () => {
    for (const [day, userId] of [
      ['2026-05-01', () => driverId],
      ['2026-05-02', () => otherId],
      ['2026-05-03', () => driverId],
      ['2026-05-04', () => driverId],
    ] as const)
      ids.push(
        await finishedSession({
          userId: userId(),
          startedAt: `${day}T08:00:00Z`,
          minutes: 45,
          wh: 9000,
          cost: 270,
        }),
      );
  });

  test('newest first, limited, and older than startdate to load more', async () => {
    const before = await history(driver, {
      usercode: driverCode,
      limit: 2,
      startdate: '2026-05-05T00:00:00Z',
    });
    expect(before.map((item) => item._id)).toEqual([ids[3], ids[2]]);
    const more = await history(driver, {
      usercode: driverCode,
      limit: 2,
      startdate: before.at(-1)?.startdate,
    });
    expect(more.map((item) => item._id)).toEqual([ids[0]]);
    expect(more[0]).toMatchObject({ name: 'Minster Yard', city: 'Leeds', post_code: 'LS1 4AP' });
  });

  test('by charger', async () => {
    const atYard = await history(driver, { usercode: driverCode, limit: 50, chargerid: yard._id });
    expect(atYard.map((item) => item.chargerid)).toEqual(atYard.map(() => yard._id));
    expect(atYard.map((item) => item._id)).toEqual([ids[3], ids[2], ids[0]]);
  });

  test('another driver’s usercode is refused, their sessions never listed', async () => {
    const answer = await t.call('getChargeHistory', {
      token: driver,
      body: { usercode: otherCode, limit: 10 },
    });
    expect(answer.status).toBe(403);
    const mine = await history(driver, { usercode: driverCode, limit: 100 });
    expect(mine.map((item) => item._id)).not.toContain(ids[1]);
    const theirs = await history(other, { usercode: otherCode, limit: 100 });
    expect(theirs.map((item) => item._id)).toEqual([ids[1]]);
  });

  test.each([
    [{ limit: 10 }, 'usercode'],
    [{ usercode: 'x', limit: 0 }, 'limit'],
    [{ usercode: 'x', limit: 101 }, 'limit'],
    [{ usercode: 'x', limit: 5, active: 'yes' }, 'active'],
    [{ usercode: 'x', limit: 5, startdate: 'yesterday' }, 'startdate'],
  ])('bad input %j is a 400 naming %s', async (body, field) => {
    const answer = await t.call('getChargeHistory', { token: driver, body });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(field);
  });

  test('needs a signed-in driver', async () => {
    const answer = await t.call('getChargeHistory', { body: { usercode: driverCode, limit: 5 } });
    expect(answer.status).toBe(401);
  });
});

describe('dashboard windows and totals from stored sessions', () => {
  const today = '2026-08-20T12:00:00.000Z';

  beforeAll(async () => {
    const charges: [string, number, number, string][] = [
      ['2025-08-19T09:00:00Z', 5000, 150, 'GBP'], // just before the year window
      ['2025-09-01T09:00:00Z', 10_000, 300, 'GBP'],
      ['2026-07-21T09:00:00Z', 20_000, 600, 'GBP'],
      ['2026-08-14T09:00:00Z', 4000, 120, 'GBP'],
      ['2026-08-20T08:00:00Z', 6000, 200, 'EUR'],
    ];
    for (const [startedAt, wh, cost, currency] of charges)
      await finishedSession({ userId: driverId, startedAt, minutes: 60, wh, cost, currency });
    await finishedSession({
      userId: otherId,
      startedAt: '2026-08-19T09:00:00Z',
      minutes: 60,
      wh: 50_000,
      cost: 9999,
    });
  });

  const km = (kWh: number) => Math.round(kWh * milesPerKwh * 1.609344 * 10) / 10;

  test('last 1 month: every charge since the same day last month, by day', async () => {
    const data = await dashboard(driver, { years: false, today });
    expect(data.window).toEqual({
      kind: 'month',
      from: '2026-07-20T12:00:00.000Z',
      to: today,
      bucket: 'day',
    });
    expect(data.buckets).toHaveLength(31);
    expect(data.totals).toMatchObject({
      sessions: 3,
      kWh: 30,
      km: km(30),
      chargeSeconds: 3 * 3600,
    });
    expect(data.totals.spent.map(({ currency, total }) => ({ currency, total }))).toEqual([
      { currency: { code: 'EUR', symbol: '€', decimal_digits: 2 }, total: 200 },
      { currency: { code: 'GBP', symbol: '£', decimal_digits: 2 }, total: 720 },
    ]);
    expect(data.totals.spent[1]?.costPerKm).toBeCloseTo(720 / (30 * milesPerKwh * 1.609344), 2);
    expect(data.totals.co2SavedKg).toBeCloseTo((30 * milesPerKwh * 1.609344 * 164) / 1000, 2);
    expect(data.co2.gramsPerKm).toBe(164);
    expect(data.car?.milesPerKwh).toBe(milesPerKwh);
  });

  test('last 1 year: by month, the charge a day too old left out', async () => {
    const data = await dashboard(driver, { years: true, today });
    expect(data.window.from).toBe('2025-08-20T12:00:00.000Z');
    expect(data.window.bucket).toBe('month');
    expect(data.buckets).toHaveLength(12);
    // With the three 9 kWh charges of May stored for the history tests.
    expect(data.totals.sessions).toBe(7);
    expect(data.totals.kWh).toBe(67);
    expect(data.buckets[0]?.totals.kWh).toBe(10);
  });

  test('N days from midnight: 7 days', async () => {
    const data = await dashboard(driver, { startdate: '2026-08-14T00:00:00Z', today });
    expect(data.window.kind).toBe('days');
    expect(data.buckets).toHaveLength(7);
    expect(data.totals.kWh).toBe(10);
    expect(data.buckets[0]?.totals.kWh).toBe(4);
    expect(data.buckets[6]?.totals.kWh).toBe(6);
  });

  test('by charger: charges elsewhere are left out', async () => {
    const other = await bed.charger('CP-HIST-NONE', '6203');
    const data = await dashboard(driver, { years: true, today, chargerid: other._id });
    expect(data.totals.sessions).toBe(0);
    expect(data.totals.spent).toEqual([]);
  });

  test('another driver’s charges never count', async () => {
    const data = await dashboard(other, { startdate: '2026-08-14T00:00:00Z', today });
    expect(data.totals.kWh).toBe(50);
    expect(data.car).toBeNull();
    expect(data.totals.km).toBeNull();
  });

  test.each([
    [{ years: 'yes' }, 'years'],
    [{ startdate: 'monday' }, 'startdate'],
    [{ startdate: '2026-08-21T00:00:00Z', today }, 'startdate'],
    [{ today: 12 }, 'today'],
  ])('bad input %j is a 400 naming %s', async (body, field) => {
    const answer = await t.call('getDashboardData', { token: driver, body });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(field);
  });
});
