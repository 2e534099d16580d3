import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readyByView } from '@evc/contract';
import { compileChargingProfile } from '@evc/domain';
import { chargers } from '../../platform/db/schema.ts';
import { startTestBed, type TestBed } from '../../test/test-bed.ts';
import { until } from '../../test/test-users.ts';

let bed: TestBed;

beforeAll(async () => {
  bed = await startTestBed();
});

afterAll(() => bed.close());

const H = 3600;
/** Night 00:30–04:30 at 7.5p, 24.5p otherwise. */
const NIGHTS = {
  supplier: 'Octopus Energy',
  plan: 'Intelligent Go',
  postcode: 'YO1 6HT',
  dayRateCost: 24.5,
  nightRate: { cost: 7.5, start: '00:30', end: '04:30' },
};

async function ownLiveCharger(chargePointId: string, barcode: string, homeTariff: unknown) {
  const live = await bed.liveCharger(chargePointId, barcode, { home: true });
  await bed.t.database.db
    .update(chargers)
    .set({
      ownerId: bed.driverId,
      adoptedAt: new Date(),
      scheduleType: 'DEFAULT',
      randomisedDelay: false,
      homeTariff,
    })
    .where(eq(chargers.id, live.charger._id));
  return live;
}

const putReadyBy = (token: string, chargerid: string, body: unknown) =>
  bed.t.call('putReadyBy', { token, params: { chargerid }, body });

describe('ready by: the cheapest half-hours narrow the schedule (issue 17)', () => {
  test('a target and a time give a plan, priced at the home tariff, that the charger holds', async () => {
    const { charger, sim } = await ownLiveCharger('READY-1', '6801', NIGHTS);
    const saved = await putReadyBy(bed.driver, charger._id, {
      enabled: true,
      targetKwh: 22,
      readyBy: '07:00',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // 22 kW: 11 kWh a half-hour, so two; the latest night ones; 22 kWh at 7.5p.
    const plan = { slots: [{ startSeconds: 3.5 * H, endSeconds: 4.5 * H }] };
    expect(readyByView.parse(saved.body.data)).toEqual({
      enabled: true,
      targetKwh: 22,
      readyBy: '07:00',
      plan: { ...plan, expectedCostPence: 165, currency: 'GBP', enough: true },
      applied: true,
    });
    const held = () =>
      sim.chargingProfiles().find((entry) => entry.profile.chargingProfileId === 7302)?.profile
        .chargingSchedule.chargingSchedulePeriod;
    expect(held()).toEqual(
      compileChargingProfile({
        scheduleType: 'DEFAULT',
        schedules: [],
        offPeak: false,
        delaySeconds: 0,
        maxAmps: 32,
        within: plan.slots,
      }),
    );
    expect(held()?.slice(0, 3)).toEqual([
      { startPeriod: 0, limit: 0 },
      { startPeriod: 3.5 * H, limit: 32 },
      { startPeriod: 4.5 * H, limit: 0 },
    ]);

    const read = await bed.t.call('getReadyBy', {
      token: bed.driver,
      params: { chargerid: charger._id },
    });
    expect(read.body.data).toMatchObject({ enabled: true, plan: { expectedCostPence: 165 } });
    expect((read.body.data as { applied: unknown }).applied).toBeNull();

    // Turned off: the schedule alone again.
    const off = await putReadyBy(bed.driver, charger._id, {
      enabled: false,
      targetKwh: 22,
      readyBy: '07:00',
    });
    expect(off.body.data).toMatchObject({ enabled: false, applied: true });
    await until(
      () => Promise.resolve(held()?.[0]),
      (first) => first?.limit === 32,
    );
    expect(held()).toEqual(
      compileChargingProfile({
        scheduleType: 'DEFAULT',
        schedules: [],
        offPeak: false,
        delaySeconds: 0,
        maxAmps: 32,
      }),
    );
  });

  test('no home tariff: no plan; bad input is a 400 naming the field; not the owner: 404', async () => {
    const { charger } = await ownLiveCharger('READY-2', '6802', null);
    const saved = await putReadyBy(bed.driver, charger._id, {
      enabled: true,
      targetKwh: 10,
      readyBy: '06:30',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ plan: null, enabled: true });
    const badTime = await putReadyBy(bed.driver, charger._id, {
      enabled: true,
      targetKwh: 10,
      readyBy: '25:00',
    });
    expect(badTime.status).toBe(400);
    expect(badTime.body).toMatchObject({ code: 'VALIDATION', field: 'readyBy' });
    const tooMuch = await putReadyBy(bed.driver, charger._id, {
      enabled: true,
      targetKwh: 1e6,
      readyBy: '06:30',
    });
    expect(tooMuch.body).toMatchObject({ field: 'targetKwh' });
    const theirs = await Promise.all([
      bed.t.call('getReadyBy', { token: bed.operator, params: { chargerid: charger._id } }),
      putReadyBy(bed.operator, charger._id, { enabled: false, targetKwh: 1, readyBy: '06:30' }),
    ]);
    for (const answer of theirs) expect(answer.status).toBe(404);
    const mine = await bed.t.call('getReadyBy', {
      token: bed.driver,
      params: { chargerid: charger._id },
    });
    expect(mine.body.data).toMatchObject({ enabled: true, targetKwh: 10, readyBy: '06:30' });
  });
});
