import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  chargeHistoryResponse,
  dashboardDataResponse,
  type ChargeHistoryItem,
  type TransactionView,
} from '@evc/contract';
import { newId } from '../../platform/crypto.ts';
import { chargers, chargingSessions } from '../../platform/db/schema.ts';
import { DRIVER, OPERATOR } from '../../test/test-app.ts';
import { startTestBed, type TestBed } from '../../test/test-bed.ts';
import { remoteStart, remoteStop, sessionView } from '../../test/test-sessions.ts';
import { setStoredBalance, until, userRow } from '../../test/test-users.ts';
import { rfidSteps } from '../rfid/test-support.ts';

let bed: TestBed;
let ownerCode: string;
let otherCode: string;

/** A flat home tariff: 24.5p a kWh all day, so a session's home cost is its kWh × 24.5p. */
const DAY_ONLY = {
  supplier: 'Octopus Energy',
  plan: 'Flexible Octopus',
  postcode: 'YO1 6HT',
  dayRateCost: 24.5,
  nightRate: null,
};
const ADOPTED_AT = new Date(Date.now() - 3 * 3600_000);

beforeAll(async () => {
  bed = await startTestBed();
  ownerCode = (await userRow(bed.t, DRIVER.email)).hrCode;
  otherCode = (await userRow(bed.t, OPERATOR.email)).hrCode;
  // The owner has no credit at all: charging at home must not need any.
  await setStoredBalance(bed.t, DRIVER.email, -5000);
});

afterAll(() => bed.close());

const { create, sessionOf } = rfidSteps(() => bed);

/** A live home charger adopted by the seeded driver, with `homeTariff` set. */
async function ownHomeCharger(chargePointId: string, barcode: string, homeTariff: unknown) {
  const live = await bed.liveCharger(chargePointId, barcode, { home: true });
  await bed.t.database.db
    .update(chargers)
    .set({ ownerId: bed.driverId, adoptedAt: ADOPTED_AT, adoptionCodeHash: null, homeTariff })
    .where(eq(chargers.id, live.charger._id));
  return live;
}

/** Stops a session once the charger has started it (a pending one cannot be stopped yet). */
async function stopWhenCharging(id: string) {
  await until(
    () => sessionView(bed.t, bed.driver, id),
    (view) => view.state === 'charging',
  );
  await remoteStop(bed.t, bed.driver, id);
}

const sumKwh = (view: TransactionView) =>
  view.breakdown.reduce((sum, entry) => sum + entry.value, 0);

const history = async (token: string, body: object): Promise<ChargeHistoryItem[]> => {
  const answer = await bed.t.call('getChargeHistory', { token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return chargeHistoryResponse.parse(answer.body.data);
};

const dashboard = async (token: string, chargerid: string) => {
  const answer = await bed.t.call('getDashboardData', { token, body: { chargerid } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return dashboardDataResponse.parse(answer.body.data);
};

/** A finished session written as it would be stored, for reading back by history. */
async function storedSession(input: {
  userId: string;
  chargerId: string;
  createdAt: Date;
  kWh: number;
}) {
  const id = newId();
  const startedAt = new Date(input.createdAt.getTime() + 60_000);
  await bed.t.database.db.insert(chargingSessions).values({
    id,
    userId: input.userId,
    chargerId: input.chargerId,
    connectorNumber: 1,
    idTag: `stored-${id}`,
    source: 'CREDIT',
    state: 'finished',
    tariff: { standard_rate: 0, currency: 'GBP' },
    startDeadline: startedAt,
    startedAt,
    stoppedAt: new Date(startedAt.getTime() + 30 * 60_000),
    meterStartWh: 0,
    meterStopWh: input.kWh * 1000,
    breakdown: [
      {
        periodStart: new Date(Math.floor(startedAt.getTime() / 1800_000) * 1800_000).toISOString(),
        rate: 0,
        value: input.kWh,
      },
    ],
    paymentStatus: 'none',
    createdAt: input.createdAt,
  });
  return id;
}

describe('charging at one’s own home charger (issue 16)', () => {
  test('its owner starts from the app with no card, intent nor credit; it costs nothing and carries its home cost', async () => {
    const { charger } = await ownHomeCharger('HOME-S-1', '6601', DAY_ONLY);
    // PAYG with no intent, and credit at a negative balance: both start at home.
    const started = await remoteStart(bed.t, bed.driver, {
      chargerid: charger._id,
      connectorid: 1,
      source: 'PAYG',
    });
    expect(started.payment).toMatchObject({ held: 0, status: 'none' });
    await until(
      () => sessionView(bed.t, bed.driver, started._id),
      (view) => view.kWh > 0.05,
    );
    await remoteStop(bed.t, bed.driver, started._id);
    const done = await until(
      () => sessionView(bed.t, bed.driver, started._id),
      (view) => view.state === 'finished',
    );
    expect(done.data.cost.applied_cost.total).toBe(0);
    expect(done.data.homeCharge).toEqual({
      total: Math.round(sumKwh(done) * 24.5),
      rate: 0.245,
      currency: { code: 'GBP', symbol: '£', decimal_digits: 2 },
    });
    expect(done.data.homeCharge?.total).toBeGreaterThan(0);

    const [item] = await history(bed.driver, {
      usercode: ownerCode,
      limit: 1,
      chargerid: charger._id,
    });
    expect(item).toMatchObject({ _id: started._id, cost: 0, homeCharge: done.data.homeCharge });

    // A new tariff prices the charges after it, not the ones before.
    const changed = await bed.t.call('updateHomeCharger', {
      token: bed.driver,
      params: { id: charger._id },
      body: { home_tariff: { ...DAY_ONLY, dayRateCost: 50 } },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await sessionView(bed.t, bed.driver, started._id)).data.homeCharge).toEqual(
      done.data.homeCharge,
    );
    const [again] = await history(bed.driver, {
      usercode: ownerCode,
      limit: 1,
      chargerid: charger._id,
    });
    expect(again?.homeCharge).toEqual(done.data.homeCharge);
    const [atHome] = (await dashboard(bed.driver, charger._id)).totals.homeSpent;
    expect(atHome?.total).toBe(done.data.homeCharge?.total);

    const onCredit = await remoteStart(bed.t, bed.driver, {
      chargerid: charger._id,
      connectorid: 1,
      source: 'CREDIT',
    });
    expect(onCredit.payment.held).toBe(0);
    await stopWhenCharging(onCredit._id);
  });

  test('someone else cannot start there, not even paying', async () => {
    const { charger } = await ownHomeCharger('HOME-S-2', '6602', DAY_ONLY);
    const answer = await bed.t.call('remoteStartTransaction', {
      token: bed.operator,
      body: { chargerid: charger._id, connectorid: 1, source: 'CREDIT' },
    });
    expect(answer.status).toBe(404);
  });

  test('a home charger with no home tariff has no home cost; a public charger neither', async () => {
    const home = await ownHomeCharger('HOME-S-3', '6603', null);
    const atHome = await remoteStart(bed.t, bed.driver, {
      chargerid: home.charger._id,
      connectorid: 1,
      source: 'CREDIT',
    });
    expect(atHome.data.homeCharge).toBeNull();
    await stopWhenCharging(atHome._id);

    // A free public charger: credit starts there at any balance.
    const { charger } = await bed.liveCharger('HOME-S-PUB', '6604', {
      tariff: { standard_rate: 0, currency: 'GBP' },
    });
    const out = await remoteStart(bed.t, bed.driver, {
      chargerid: charger._id,
      connectorid: 1,
      source: 'CREDIT',
    });
    expect(out.data.homeCharge).toBeNull();
    await stopWhenCharging(out._id);
  });
});

describe('RFID cards at a home charger (issue 16)', () => {
  test('the owner’s card starts a free session of theirs; another person’s card is refused', async () => {
    const { charger, sim } = await ownHomeCharger('HOME-S-4', '6605', DAY_ONLY);
    expect((await create(bed.driver, { uid: 'A0B0C0D1', userid: bed.driverId })).status).toBe(200);
    expect(await sim.presentTag(1, 'A0B0C0D1')).toBe('Accepted');
    const transactionId = await until(
      () => Promise.resolve(sim.transactionId(1)),
      (id) => id !== null,
    );
    const row = await sessionOf(transactionId ?? -1);
    expect(row).toMatchObject({
      userId: bed.driverId,
      chargerId: charger._id,
      heldMinor: 0,
      paymentStatus: 'none',
    });
    const view = await sessionView(bed.t, bed.driver, row.id);
    expect(view.data.homeCharge?.currency.code).toBe('GBP');
    await sim.stopTransaction(1);

    expect((await create(bed.operator, { uid: 'E0E0E0E2', userid: bed.operatorId })).status).toBe(
      200,
    );
    expect(await sim.presentTag(1, 'E0E0E0E2')).toBe('Blocked');
    const theirs = await bed.t.database.db
      .select()
      .from(chargingSessions)
      .where(eq(chargingSessions.userId, bed.operatorId));
    expect(theirs.filter((session) => session.chargerId === charger._id)).toEqual([]);
  });
});

describe('history and dashboard per charger (issue 16)', () => {
  test('the owner reads every session at their home charger since adopting it; nobody else does', async () => {
    const { charger } = await ownHomeCharger('HOME-S-5', '6606', DAY_ONLY);
    const own = await storedSession({
      userId: bed.driverId,
      chargerId: charger._id,
      createdAt: new Date(ADOPTED_AT.getTime() + 60_000),
      kWh: 4,
    });
    // A household card linked by someone else who lives there (a session that is not the owner's).
    const household = await storedSession({
      userId: bed.operatorId,
      chargerId: charger._id,
      createdAt: new Date(ADOPTED_AT.getTime() + 120_000),
      kWh: 2,
    });
    // From before the adoption: a former owner's, never shown.
    const before = await storedSession({
      userId: bed.operatorId,
      chargerId: charger._id,
      createdAt: new Date(ADOPTED_AT.getTime() - 3600_000),
      kWh: 1,
    });

    const owners = await history(bed.driver, {
      usercode: ownerCode,
      limit: 10,
      chargerid: charger._id,
    });
    expect(owners.map((item) => item._id).sort()).toEqual([own, household].sort());
    expect(owners.find((item) => item._id === own)).toMatchObject({
      kwh: 4,
      homeCharge: { total: 98, rate: 0.245 },
    });

    // The other person, asking about this charger, reads their own sessions only.
    const others = await history(bed.operator, {
      usercode: otherCode,
      limit: 10,
      chargerid: charger._id,
    });
    expect(others.map((item) => item._id).sort()).toEqual([household, before].sort());

    const totals = (await dashboard(bed.driver, charger._id)).totals;
    expect(totals).toMatchObject({ sessions: 2, kWh: 6 });
    expect(totals.homeSpent).toEqual([
      { currency: { code: 'GBP', symbol: '£', decimal_digits: 2 }, total: 98 + 49 },
    ]);
    const theirTotals = (await dashboard(bed.operator, charger._id)).totals;
    expect(theirTotals.sessions).toBe(2);
  });

  test('at a charger that is not their home charger, only the caller’s own sessions', async () => {
    const publicOne = await bed.charger('HOME-S-PUB2', '6607');
    const mine = await storedSession({
      userId: bed.driverId,
      chargerId: publicOne._id,
      createdAt: new Date(Date.now() - 3600_000),
      kWh: 3,
    });
    await storedSession({
      userId: bed.operatorId,
      chargerId: publicOne._id,
      createdAt: new Date(Date.now() - 3600_000),
      kWh: 5,
    });
    const owners = await history(bed.driver, {
      usercode: ownerCode,
      limit: 10,
      chargerid: publicOne._id,
    });
    expect(owners.map((item) => item._id)).toEqual([mine]);
    expect(owners[0]?.homeCharge).toBeNull();
    expect((await dashboard(bed.driver, publicOne._id)).totals).toMatchObject({
      sessions: 1,
      kWh: 3,
      homeSpent: [],
    });
  });
});
