import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ChargePointSimulator, type ChargingProfile } from '@evc/charger-sim';
import {
  chargerSchedulesView,
  governmentDefaultView,
  putChargerSchedulesResponse,
} from '@evc/contract';
import {
  compileChargingProfile,
  RANDOMISED_DELAY_MAX_SECONDS,
  WEEK_DAYS,
  weekStartIn,
} from '@evc/domain';
import { chargers } from '../../platform/db/schema.ts';
import { startTestBed, type TestBed } from '../../test/test-bed.ts';
import { remoteStart, sessionView } from '../../test/test-sessions.ts';
import { until } from '../../test/test-users.ts';

let bed: TestBed;
const extraSims: ChargePointSimulator[] = [];

beforeAll(async () => {
  bed = await startTestBed();
});

afterAll(async () => {
  for (const sim of extraSims) await sim.stop().catch(() => undefined);
  await bed.close();
});

const H = 3600;
/** A read of the simulator's own state, for `until`. */
const now =
  <T>(read: () => T) =>
  () =>
    Promise.resolve(read());
const WEEKDAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI'] as const;

/** Makes the seeded driver the owner of a home charger, as adoption would (Default type). */
async function own(chargerId: string) {
  await bed.t.database.db
    .update(chargers)
    .set({ ownerId: bed.driverId, adoptedAt: new Date(), scheduleType: 'DEFAULT' })
    .where(eq(chargers.id, chargerId));
}

async function ownLiveCharger(chargePointId: string, barcode: string) {
  const live = await bed.liveCharger(chargePointId, barcode, { home: true });
  await own(live.charger._id);
  return live;
}

const putSchedules = (token: string, chargerid: string, body: unknown) =>
  bed.t.call('putChargerSchedules', { token, params: { chargerid }, body });

const getSchedules = async (chargerid: string) => {
  const answer = await bed.t.call('getChargerSchedules', {
    token: bed.driver,
    params: { chargerid },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return chargerSchedulesView.parse(answer.body.data);
};

const setFlags = async (chargerid: string, flags: object) => {
  const answer = await bed.t.call('updateHomeCharger', {
    token: bed.driver,
    params: { id: chargerid },
    body: flags,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
};

/** The home schedule the simulator holds (TxDefaultProfile on connector 0). */
const heldSchedule = (sim: ChargePointSimulator): ChargingProfile | undefined =>
  sim
    .chargingProfiles()
    .find((held) => held.connectorId === 0 && held.profile.chargingProfileId === 7302)?.profile;

const weeknights = {
  name: 'Weeknights',
  days: [...WEEKDAYS],
  slots: [
    { startSeconds: 0, endSeconds: 6 * H },
    { startSeconds: 22 * H, endSeconds: 0 },
  ],
};

describe('home charging schedules on the charger (issue 17)', () => {
  test('a saved schedule is exactly the SetChargingProfile the charger holds', async () => {
    const { charger, sim } = await ownLiveCharger('SCHED-1', '6701');
    await setFlags(charger._id, { randomised_delay: false });
    const saved = await putSchedules(bed.driver, charger._id, {
      scheduleType: 'CUSTOM',
      schedules: [weeknights],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const data = putChargerSchedulesResponse.parse(saved.body.data);
    expect(data).toMatchObject({
      scheduleType: 'CUSTOM',
      applied: true,
      schedules: [{ name: 'Weeknights', days: [...WEEKDAYS], editable: true }],
    });
    expect(
      data.schedules[0]?.slots.map(({ startSeconds, endSeconds }) => [startSeconds, endSeconds]),
    ).toEqual([
      [0, 6 * H],
      [22 * H, 0],
    ]);
    const D = 24 * H;
    expect(sim.chargingProfiles()).toEqual([
      {
        connectorId: 0,
        profile: {
          chargingProfileId: 7302,
          stackLevel: 0,
          chargingProfilePurpose: 'TxDefaultProfile',
          chargingProfileKind: 'Recurring',
          recurrencyKind: 'Weekly',
          chargingSchedule: {
            duration: 7 * D,
            startSchedule: weekStartIn(new Date(), 'Europe/London').toISOString(),
            chargingRateUnit: 'A',
            // 22 kW three-phase: 32 A from 22:00 to 06:00 on weeknights, nothing otherwise.
            chargingSchedulePeriod: [
              { startPeriod: 0, limit: 32 },
              { startPeriod: 6 * H, limit: 0 },
              ...[0, 1, 2, 3].flatMap((day) => [
                { startPeriod: day * D + 22 * H, limit: 32 },
                { startPeriod: (day + 1) * D + 6 * H, limit: 0 },
              ]),
              { startPeriod: 4 * D + 22 * H, limit: 32 },
              { startPeriod: 5 * D, limit: 0 },
            ],
          },
        },
      },
    ]);
    expect(await getSchedules(charger._id)).toEqual({
      scheduleType: data.scheduleType,
      schedules: data.schedules,
    });

    // No Schedule clears it.
    const none = await putSchedules(bed.driver, charger._id, {
      scheduleType: 'NONE',
      schedules: data.schedules,
    });
    expect(none.body.data).toMatchObject({ scheduleType: 'NONE', applied: true });
    expect(heldSchedule(sim)).toBeUndefined();
  });

  test('an offline charger keeps its saved schedule and gets it when it reconnects', async () => {
    const { charger, sim } = await ownLiveCharger('SCHED-2', '6702');
    await sim.stop();
    await setFlags(charger._id, { randomised_delay: false });
    const saved = await putSchedules(bed.driver, charger._id, {
      scheduleType: 'CUSTOM',
      schedules: [weeknights],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ applied: false, scheduleType: 'CUSTOM' });
    expect((await getSchedules(charger._id)).schedules).toHaveLength(1);
    expect(heldSchedule(sim)).toBeUndefined();

    await sim.start();
    const held = await until(
      now(() => heldSchedule(sim)),
      (profile) => profile !== undefined,
    );
    expect(held?.chargingSchedule.chargingSchedulePeriod[1]).toEqual({
      startPeriod: 6 * H,
      limit: 0,
    });
  });

  test('the randomised delay is 0–600 s, drawn once; turned off, the windows open on time', async () => {
    const { charger, sim } = await ownLiveCharger('SCHED-3', '6703');
    // The Default type with the delay on (a new charger's settings): sent on the first change.
    await setFlags(charger._id, { off_peak: true });
    const read = await bed.t.call('getGovernmentDefaultProfile', {
      token: bed.driver,
      params: { chargerid: charger._id },
    });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    const info = governmentDefaultView.parse(read.body.data);
    expect(info).toMatchObject({
      scheduleType: 'DEFAULT',
      randomisedDelay: true,
      schedule: {
        editable: false,
        days: [...WEEK_DAYS],
        slots: [
          { startSeconds: 0, endSeconds: 8 * H },
          { startSeconds: 11 * H, endSeconds: 16 * H },
          { startSeconds: 22 * H, endSeconds: 24 * H },
        ],
      },
    });
    const delay = info.randomisedDelaySeconds;
    expect(delay).toBeGreaterThanOrEqual(0);
    expect(delay).toBeLessThanOrEqual(RANDOMISED_DELAY_MAX_SECONDS);
    const compiled = (delaySeconds: number) =>
      compileChargingProfile({
        scheduleType: 'DEFAULT',
        schedules: [],
        offPeak: true,
        delaySeconds,
        maxAmps: 32,
      });
    const periods = () => heldSchedule(sim)?.chargingSchedule.chargingSchedulePeriod;
    await until(
      now(() => periods()),
      (held) => held !== undefined,
    );
    expect(periods()).toEqual(compiled(delay));
    // Drawn once: read again, it is the same.
    const again = await bed.t.call('getGovernmentDefaultProfile', {
      token: bed.driver,
      params: { chargerid: charger._id },
    });
    expect((again.body.data as { randomisedDelaySeconds: number }).randomisedDelaySeconds).toBe(
      delay,
    );

    await setFlags(charger._id, { randomised_delay: false });
    expect(periods()).toEqual(compiled(0));
    // Monday 11:00 opens on the dot.
    expect(periods()).toContainEqual({ startPeriod: 11 * H, limit: 32 });
  });

  test('a car plugged in outside a slot draws nothing until the slot opens; a boost charges it now', async () => {
    const provisioned = await bed.charger('SCHED-4', '6704', { home: true });
    await own(provisioned._id);
    let offsetMs = 0;
    const sim = new ChargePointSimulator({
      url: `ws://${bed.base}/ocpp`,
      chargePointId: 'SCHED-4',
      connectors: 1,
      meterIntervalMs: 60,
      maxPowerW: 22_000,
      batteryWh: 10_000_000,
      rampSeconds: 0.01,
      now: () => Date.now() + offsetMs,
    });
    extraSims.push(sim);
    await sim.start();
    await setFlags(provisioned._id, { randomised_delay: false });
    const saved = await putSchedules(bed.driver, provisioned._id, {
      scheduleType: 'CUSTOM',
      schedules: [
        {
          name: 'Lunch',
          days: [...WEEK_DAYS],
          slots: [{ startSeconds: 12 * H, endSeconds: 13 * H }],
        },
      ],
    });
    expect(saved.body.data).toMatchObject({ applied: true });
    const start = Date.parse(heldSchedule(sim)?.chargingSchedule.startSchedule ?? '');
    // The charger's clock: next week's Monday, 10 seconds before the slot opens.
    const setClock = (secondsIntoWeek: number) => {
      offsetMs = start + (7 * 24 * H + secondsIntoWeek) * 1000 - Date.now();
    };
    setClock(12 * H - 10);

    const session = await remoteStart(bed.t, bed.driver, {
      chargerid: provisioned._id,
      connectorid: 1,
      source: 'PAYG',
    });
    await until(
      now(() => sim.status(1)),
      (status) => status === 'SuspendedEVSE',
    );
    // The platform hears the charger hold the car.
    const view = await until(
      () => sessionView(bed.t, bed.driver, session._id),
      (read) => read.state !== 'pending' && read.connectorStatus === 'SuspendedEVSE',
    );
    expect(sim.energyWh(1)).toBe(0);
    expect(view.kWh).toBe(0);

    setClock(12 * H + 1);
    await until(
      now(() => sim.status(1)),
      (status) => status === 'Charging',
    );
    await until(
      now(() => sim.energyWh(1)),
      (wh) => wh > 0,
    );

    // After the slot, held again; the owner boosts this session: it charges now.
    setClock(13 * H + 60);
    await until(
      now(() => sim.status(1)),
      (status) => status === 'SuspendedEVSE',
    );
    const boost = await bed.t.call('clearDefaultProfile', {
      token: bed.driver,
      body: { transactionid: session._id },
    });
    expect(boost.status, JSON.stringify(boost.body)).toBe(200);
    await until(
      now(() => sim.status(1)),
      (status) => status === 'Charging',
    );
    // Someone else's boost is refused as if the session did not exist.
    const theirs = await bed.t.call('clearDefaultProfile', {
      token: bed.operator,
      body: { transactionid: session._id },
    });
    expect(theirs.status).toBe(404);
    // The schedule stays for the next session.
    expect(heldSchedule(sim)).toBeDefined();
  });
});

describe('schedule calls refuse what they must', () => {
  test('invalid slots and a day in two schedules are 400s naming the schedule and the slot', async () => {
    const charger = await bed.charger('SCHED-5', '6705', { home: true });
    await own(charger._id);
    const refused = async (schedules: object[], message: RegExp, field: string) => {
      const answer = await putSchedules(bed.driver, charger._id, {
        scheduleType: 'CUSTOM',
        schedules,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body).toMatchObject({ code: 'VALIDATION', field });
      expect(answer.body.message).toMatch(message);
    };
    await refused(
      [
        weeknights,
        {
          name: 'Weekend',
          days: ['SAT'],
          slots: [
            { startSeconds: 1 * H, endSeconds: 2 * H },
            { startSeconds: 9 * H, endSeconds: 8 * H },
          ],
        },
      ],
      /Schedule "Weekend", slot 2 \(09:00–08:00\): starts at or after its end/,
      'schedules.1.slots.1',
    );
    await refused(
      [
        {
          name: 'Mornings',
          days: ['SUN'],
          slots: [
            { startSeconds: 1 * H, endSeconds: 3 * H },
            { startSeconds: 3 * H, endSeconds: 4 * H },
          ],
        },
      ],
      /Schedule "Mornings", slot 2 \(03:00–04:00\): overlaps another slot/,
      'schedules.0.slots.1',
    );
    await refused(
      [weeknights, { ...weeknights, name: 'Fridays', days: ['FRI', 'SAT'] }],
      /Schedule "Fridays": FRI is already in schedule "Weeknights"/,
      'schedules.1.days',
    );
    // The read-only Default, sent back with the owner's own, is neither stored nor counted.
    const withDefault = await putSchedules(bed.driver, charger._id, {
      scheduleType: 'DEFAULT',
      schedules: [...(await getSchedules(charger._id)).schedules, weeknights],
    });
    expect(withDefault.status, JSON.stringify(withDefault.body)).toBe(200);
    const stored = await getSchedules(charger._id);
    expect(stored.schedules.map((schedule) => [schedule.name, schedule.editable])).toEqual([
      ['Default', false],
      ['Weeknights', true],
    ]);
  });

  test("another user's charger is not found, for every schedule call", async () => {
    const charger = await bed.charger('SCHED-6', '6706', { home: true });
    await own(charger._id);
    const params = { chargerid: charger._id };
    const answers = await Promise.all([
      bed.t.call('getChargerSchedules', { token: bed.operator, params }),
      bed.t.call('getGovernmentDefaultProfile', { token: bed.operator, params }),
      putSchedules(bed.operator, charger._id, { scheduleType: 'NONE', schedules: [] }),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ code: 'CHARGER_NOT_FOUND' });
    }
    expect((await getSchedules(charger._id)).scheduleType).toBe('DEFAULT');
  });

  test('any body: never a 500, and a refused one loses nothing stored', async () => {
    const charger = await bed.charger('SCHED-7', '6707', { home: true });
    await own(charger._id);
    const seconds = fc.oneof(
      fc.integer({ min: -100, max: 90_000 }),
      fc.integer({ min: 0, max: 48 }).map((half) => half * 1800),
      fc.double(),
      fc.string(),
    );
    const slot = fc.record({ startSeconds: seconds, endSeconds: seconds }, { requiredKeys: [] });
    const schedule = fc.record(
      {
        _id: fc.oneof(fc.string(), fc.constant('default'), fc.constant('same')),
        name: fc.oneof(fc.string(), fc.constant('Nights')),
        days: fc.array(fc.oneof(fc.constantFrom(...WEEK_DAYS), fc.string()), { maxLength: 8 }),
        slots: fc.array(slot, { maxLength: 5 }),
        editable: fc.boolean(),
      },
      { requiredKeys: ['name', 'days', 'slots'] },
    );
    const body = fc.oneof(
      fc.record({
        scheduleType: fc.oneof(fc.constantFrom('CUSTOM', 'DEFAULT', 'NONE'), fc.string()),
        schedules: fc.array(schedule, { maxLength: 4 }),
      }),
      fc.anything(),
    );
    let stored = await getSchedules(charger._id);
    await fc.assert(
      fc.asyncProperty(body, async (candidate) => {
        const answer = await putSchedules(bed.driver, charger._id, candidate);
        expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
        const now = await getSchedules(charger._id);
        if (answer.status !== 200) expect(now).toEqual(stored);
        stored = now;
      }),
      { numRuns: 80 },
    );
  });
});
