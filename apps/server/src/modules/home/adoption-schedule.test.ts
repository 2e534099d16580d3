import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { governmentDefaultView } from '@evc/contract';
import { compileChargingProfile } from '@evc/domain';
import { startTestBed, type TestBed } from '../../test/test-bed.ts';

let bed: TestBed;

beforeAll(async () => {
  bed = await startTestBed();
});

afterAll(() => bed.close());

describe('a newly adopted home charger (issue 17)', () => {
  test('holds the UK default, with its randomised delay, as soon as it is adopted', async () => {
    const { charger, sim } = await bed.liveCharger('SCHED-8', '6708', { home: true });
    const adopted = await bed.t.call('claimCharger', {
      token: bed.driver,
      body: {
        accesscode: (charger as { adoptionCode?: string }).adoptionCode ?? '',
        userid: bed.driverId,
        chargerid: '6708',
        name: 'Driveway',
        terms: true,
        privacy: true,
      },
    });
    expect(adopted.status, JSON.stringify(adopted.body)).toBe(200);
    expect(adopted.body.data).toMatchObject({ scheduleType: 'DEFAULT' });
    const read = await bed.t.call('getGovernmentDefaultProfile', {
      token: bed.driver,
      params: { chargerid: charger._id },
    });
    const { randomisedDelaySeconds } = governmentDefaultView.parse(read.body.data);
    expect(
      sim.chargingProfiles().find((held) => held.connectorId === 0)?.profile.chargingSchedule
        .chargingSchedulePeriod,
    ).toEqual(
      compileChargingProfile({
        scheduleType: 'DEFAULT',
        schedules: [],
        offPeak: false,
        delaySeconds: randomisedDelaySeconds,
        maxAmps: 32,
      }),
    );
  });
});
