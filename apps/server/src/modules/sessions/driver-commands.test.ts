import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TransactionView } from '@evc/contract';
import { chargingSessions } from '../../platform/db/schema.ts';
import { setStoredBalance, until } from '../../test/test-users.ts';
import { DRIVER, OPERATOR, type TestApp } from '../../test/test-app.ts';
import type { TestBed } from '../../test/test-bed.ts';
import { sessionSteps, START_TIMEOUT_MS, startSessionTestBed } from './test-support.ts';

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

const { session, start, stop, finished, startOnCredit, chargeThenStop, heldIntent, sandboxIntent } =
  sessionSteps(() => bed);

describe('a PAYG session', () => {
  test('a start the charger refuses is rejected and its hold released', async () => {
    const { charger, sim } = await bed.liveCharger('CP-SESS-REFUSE', '5103');
    // The simulator refuses a remote start on a connector that is not Available.
    await sim.setStatus(1, 'Unavailable');
    const intentId = await heldIntent(charger._id);
    const refused = await start(driver, {
      chargerid: charger._id,
      connectorid: 1,
      source: 'PAYG',
      intent_id: intentId,
    });
    expect(refused.state).toBe('rejected');
    expect(refused.payment).toEqual({ held: 3000, captured: null, status: 'released' });
    expect(await sandboxIntent(intentId)).toMatchObject({
      status: 'canceled',
      amount_received: 0,
    });
  });

  test('a charger that never starts makes the session rejected after the time-out', async () => {
    const charger = await bed.charger('CP-SESS-SILENT', '5104');
    // Accepts the remote start, and then no cable ever comes.
    const client = bed.ocppClient('CP-SESS-SILENT');
    client.handle('RemoteStartTransaction', () => Promise.resolve({ status: 'Accepted' }));
    await client.connect();
    await client.call('BootNotification', {
      chargePointVendor: 'Test',
      chargePointModel: 'Silent',
    });
    const intentId = await heldIntent(charger._id);
    const pending = await start(driver, {
      chargerid: charger._id,
      connectorid: 1,
      source: 'PAYG',
      intent_id: intentId,
    });
    expect(pending.state).toBe('pending');
    const rejected = await until(
      () => session(driver, pending._id),
      (view) => view.state === 'rejected' && view.payment.status !== 'held',
      START_TIMEOUT_MS * 4,
    );
    expect(rejected.payment).toEqual({ held: 3000, captured: null, status: 'released' });
    expect((await sandboxIntent(intentId)).status).toBe('canceled');

    // The cable comes after all: the charger is told to stop, as nobody pays for it now.
    const stopAsked = new Promise<unknown>((done) =>
      client.handle('RemoteStopTransaction', ({ params }) => {
        done(params);
        return Promise.resolve({ status: 'Accepted' });
      }),
    );
    const [row] = await t.database.db
      .select()
      .from(chargingSessions)
      .where(eq(chargingSessions.id, pending._id));
    const started = (await client.call('StartTransaction', {
      connectorId: 1,
      idTag: row?.idTag,
      meterStart: 0,
      timestamp: new Date().toISOString(),
    })) as { transactionId: number };
    expect(await stopAsked).toEqual({ transactionId: started.transactionId });
    expect((await session(driver, pending._id)).state).toBe('rejected');
  });
});

describe('pause and resume', () => {
  test('the driver’s 0 A profile pauses, clearing it resumes; the vehicle pausing is shown apart', async () => {
    await setStoredBalance(t, DRIVER.email, -5000);
    const { charger, sim } = await bed.liveCharger('CP-SESS-PAUSE', '5106');
    const started = await startOnCredit(charger._id);
    await until(
      () => session(driver, started._id),
      (view) => view.state === 'charging',
    );

    const paused = await t.call('pauseTransaction', {
      token: driver,
      params: { transactionid: started._id },
    });
    expect(paused.status).toBe(200);
    expect((paused.body.data as TransactionView).state).toBe('paused');
    await until(
      () => Promise.resolve(sim.status(1)),
      (status) => status === 'SuspendedEVSE',
    );
    const held = await until(
      () => session(driver, started._id),
      (view) => view.connectorStatus === 'SuspendedEVSE',
    );
    expect(held.state).toBe('paused');
    // The driver's own pause, told apart from a charger holding the session back.
    expect(held.pausedByDriver).toBe(true);

    const resumed = await t.call('unpauseTransaction', {
      token: driver,
      params: { transactionid: started._id },
    });
    expect((resumed.body.data as TransactionView).state).toBe('charging');
    expect((resumed.body.data as TransactionView).pausedByDriver).toBe(false);
    await until(
      () => Promise.resolve(sim.status(1)),
      (status) => status === 'Charging',
    );

    await sim.suspendByVehicle(1, true);
    await until(
      () => session(driver, started._id),
      (view) => view.state === 'pausedByVehicle',
    );
    await sim.suspendByVehicle(1, false);
    await until(
      () => session(driver, started._id),
      (view) => view.state === 'charging',
    );

    // Resuming what is not paused is refused and changes nothing.
    const notPaused = await t.call('unpauseTransaction', {
      token: driver,
      params: { transactionid: started._id },
    });
    expect(notPaused.status).toBe(409);
    await stop(driver, started._id);
    await finished(driver, started._id);
  });
});

describe('bad input', () => {
  test.each<[string, string, object]>([
    ['no source', 'source', { chargerid: 'x', connectorid: 1 }],
    ['an unknown source', 'source', { chargerid: 'x', connectorid: 1, source: 'CASH' }],
    ['connector 0', 'connectorid', { chargerid: 'x', connectorid: 0, source: 'CREDIT' }],
    [
      'a negative profile',
      'profile',
      { chargerid: 'x', connectorid: 1, source: 'CREDIT', profile: { limitA: -1 } },
    ],
  ])('remoteStartTransaction with %s is a 400 naming %s', async (_name, field, body) => {
    const answer = await t.call('remoteStartTransaction', { token: driver, body });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(field);
  });

  test('CREDIT without credit is refused and leaves no session behind', async () => {
    await setStoredBalance(t, DRIVER.email, 0);
    const { charger, sim } = await bed.liveCharger('CP-SESS-BROKE', '5111');
    const before = (await t.call('latestUserTransaction', { token: driver })).body.data;
    const refused = await t.call('remoteStartTransaction', {
      token: driver,
      body: { chargerid: charger._id, connectorid: 1, source: 'CREDIT' },
    });
    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe('No Credit Available');
    expect((await t.call('latestUserTransaction', { token: driver })).body.data).toEqual(before);
    expect(sim.status(1)).toBe('Available');
  });

  test('a connector the charger does not have is a 400 naming connectorid', async () => {
    const charger = await bed.charger('CP-SESS-BAD', '5108');
    const answer = await t.call('remoteStartTransaction', {
      token: driver,
      body: { chargerid: charger._id, connectorid: 7, source: 'CREDIT' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('connectorid');
  });

  test('an unknown charger is a 404, an offline one a 409', async () => {
    const unknown = await t.call('remoteStartTransaction', {
      token: driver,
      body: { chargerid: 'no-such-charger', connectorid: 1, source: 'CREDIT' },
    });
    expect(unknown.status).toBe(404);
    const charger = await bed.charger('CP-SESS-OFF', '5109');
    const offline = await t.call('remoteStartTransaction', {
      token: driver,
      body: { chargerid: charger._id, connectorid: 1, source: 'CREDIT' },
    });
    expect(offline.status).toBe(409);
    expect(offline.body.code).toBe('CHARGER_OFFLINE');
  });

  test('session calls without a transaction id are 400s naming transactionid', async () => {
    for (const name of ['getTransactionByID', 'remoteStopTransaction', 'sendReceipt'] as const) {
      const answer = await t.call(name, { token: driver, body: {} });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain('transactionid');
    }
    const check = await t.call('unlockCheck', {
      token: driver,
      query: { chargerid: 'x', connectorid: 'one', userid: driverId },
    });
    expect(check.status).toBe(400);
    expect(check.body.message).toContain('connectorid');
  });

  test('a receipt for a session that has not finished is a 409', async () => {
    await setStoredBalance(t, DRIVER.email, -5000);
    const { charger } = await bed.liveCharger('CP-SESS-EARLY', '5110');
    const started = await startOnCredit(charger._id);
    const early = await t.call('sendReceipt', {
      token: driver,
      body: { transactionid: started._id },
    });
    expect(early.status).toBe(409);
    await until(
      () => session(driver, started._id),
      (view) => view.state === 'charging',
    );
    await stop(driver, started._id);
    await finished(driver, started._id);
  });
});

describe('a start names only the caller’s own intent (issue 12)', () => {
  test('another driver cannot start on my intent, nor have my hold released', async () => {
    const { charger, sim } = await bed.liveCharger('CP-SESS-THEIRS', '5197');
    const intentId = await heldIntent(charger._id);
    await setStoredBalance(t, OPERATOR.email, -5000);
    // The charger refuses every start: a start accepted here would be rejected and released.
    await sim.setStatus(1, 'Unavailable');
    const body = (source: string, intent_id: string) => ({
      chargerid: charger._id,
      connectorid: 1,
      source,
      intent_id,
    });

    for (const source of ['CREDIT', 'FUELCARD']) {
      const named = await t.call('remoteStartTransaction', {
        token: other,
        body: body(source, intentId),
      });
      expect(named.status, JSON.stringify(named.body)).toBe(400);
      expect(named.body.message).toMatch(/^intent_id: /);
    }
    const mine = await t.call('remoteStartTransaction', {
      token: other,
      body: body('PAYG', intentId),
    });
    const unknown = await t.call('remoteStartTransaction', {
      token: other,
      body: body('PAYG', 'pi_no_such_intent'),
    });
    expect(mine.status).toBe(404);
    expect(mine.body).toEqual(unknown.body);
    expect(mine.body.message).toMatch(/^intent_id: /);

    expect(await sandboxIntent(intentId)).toMatchObject({
      status: 'requires_capture',
      amount_capturable: 3000,
    });
    await sim.setStatus(1, 'Available');
    const started = await start(driver, body('PAYG', intentId));
    expect(started.payment).toEqual({ held: 3000, captured: null, status: 'held' });
    await chargeThenStop(driver, started._id);
  });
});
