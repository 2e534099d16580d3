import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { setStoredBalance, until } from '../../test/test-users.ts';
import { DRIVER } from '../../test/test-app.ts';
import type { TestBed } from '../../test/test-bed.ts';
import { sessionSteps, startSessionTestBed } from './test-support.ts';

let bed: TestBed;

beforeAll(async () => {
  bed = await startSessionTestBed();
});

afterAll(() => bed.close());

const { session, stop, finished, startOnCredit } = sessionSteps(() => bed);

describe("issue 19: the power shown is never above the connector's rating", () => {
  test('a 7 kW connector whose meter reports far more shows 7 kW while charging', async () => {
    await setStoredBalance(bed.t, DRIVER.email, -5000);
    // The simulator draws up to 360 kW: its samples are far above this connector's 7 kW.
    const { charger } = await bed.liveCharger('CP-SESS-POWER', '5103', {
      connectors: [{ connectornumber: 1, type: 'Type 2', maxPowerKw: 7 }],
    });
    const { _id: id } = await startOnCredit(charger._id);
    const charging = await until(
      () => session(bed.driver, id),
      (view) => view.state === 'charging' && view.powerW !== null && view.powerW > 0,
    );
    expect(charging.powerW).toBe(7000);
    await stop(bed.driver, id);
    expect((await finished(bed.driver, id)).powerW).toBe(0);
  });
});
