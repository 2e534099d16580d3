import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { chargingSessions } from '../../platform/db/schema.ts';
import { setStoredBalance, until, userRow } from '../../test/test-users.ts';
import { DRIVER, OPERATOR, type TestApp } from '../../test/test-app.ts';
import type { TestBed } from '../../test/test-bed.ts';
import { sessionSteps, startSessionTestBed } from './test-support.ts';

let bed: TestBed;
let t: TestApp;
let driver: string;
let driverId: string;
/** The operator signs in like any driver: here, someone else. */
let other: string;

beforeAll(async () => {
  bed = await startSessionTestBed();
  ({ t, driver, driverId, operator: other } = bed);
});

afterAll(() => bed.close());

const { session, start, startOnCredit, chargeThenStop } = sessionSteps(() => bed);

describe('who may release the cable (issue 12)', () => {
  const unlock = (token: string, chargerid: string) =>
    t.call('unlockChargerConnector', { token, body: { chargerid, connectorid: 1 } });
  const unlockCheck = (token: string, userid: string, chargerid: string) =>
    t.call('unlockCheck', { token, query: { chargerid, connectorid: '1', userid } });

  test('a driver who charged there yesterday cannot unlock the connector during another’s session', async () => {
    const { charger, sim } = await bed.liveCharger('CP-SESS-UNLOCK', '5198');
    await setStoredBalance(t, OPERATOR.email, -5000);
    await setStoredBalance(t, DRIVER.email, -5000);
    const theirs = await start(other, { chargerid: charger._id, connectorid: 1, source: 'CREDIT' });
    await chargeThenStop(other, theirs._id);
    // Just finished: its driver may still release the cable.
    expect((await unlock(other, charger._id)).body.data).toEqual({ status: 'Unlocked' });

    const yesterday = new Date(Date.now() - 24 * 3600_000);
    await t.database.db
      .update(chargingSessions)
      .set({ createdAt: yesterday, startedAt: yesterday, stoppedAt: yesterday })
      .where(eq(chargingSessions.id, theirs._id));
    const alone = await unlock(other, charger._id);
    expect(alone.status).toBe(404);
    await until(
      () => Promise.resolve(sim.status(1)),
      (status) => status === 'Available',
    );

    const mine = await startOnCredit(charger._id);
    await until(
      () => session(driver, mine._id),
      (view) => view.state === 'charging',
    );
    const operatorId = (await userRow(t, OPERATOR.email)).id;
    for (const answer of [
      await unlock(other, charger._id),
      await unlockCheck(other, operatorId, charger._id),
    ]) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(404);
    }
    expect((await unlock(driver, charger._id)).body.data).toEqual({ status: 'Unlocked' });
    expect((await unlockCheck(driver, driverId, charger._id)).body.data).toEqual({
      released: false,
      status: 'Charging',
    });

    await chargeThenStop(driver, mine._id);
    expect((await unlock(driver, charger._id)).status).toBe(200);
    expect((await unlock(other, charger._id)).status).toBe(404);
  });

  test('a driver who stopped a minute ago cannot unlock once another has started there', async () => {
    const { charger, sim } = await bed.liveCharger('CP-SESS-UNLOCK2', '5199');
    await setStoredBalance(t, OPERATOR.email, -5000);
    await setStoredBalance(t, DRIVER.email, -5000);
    const theirs = await start(other, { chargerid: charger._id, connectorid: 1, source: 'CREDIT' });
    await chargeThenStop(other, theirs._id);
    await until(
      () => Promise.resolve(sim.status(1)),
      (status) => status === 'Available',
    );
    const mine = await startOnCredit(charger._id);
    const refused = await unlock(other, charger._id);
    expect(refused.status).toBe(404);
    await until(
      () => session(driver, mine._id),
      (view) => view.state === 'charging',
    );
    expect((await unlock(other, charger._id)).status).toBe(404);
    await chargeThenStop(driver, mine._id);
  });
});
