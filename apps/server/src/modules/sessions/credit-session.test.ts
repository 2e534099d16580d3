import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TransactionView } from '@evc/contract';
import { energyKwh } from '@evc/domain';
import { setStoredBalance, until, userRow } from '../../test/test-users.ts';
import { DRIVER, type TestApp } from '../../test/test-app.ts';
import type { TestBed } from '../../test/test-bed.ts';
import { energyAt45p, sessionSteps, startSessionTestBed } from './test-support.ts';

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

const { session, stop, finished, startOnCredit } = sessionSteps(() => bed);

describe('a CREDIT session with the simulator', () => {
  let id: string;

  test('starts, follows MeterValues live, stops and is debited once at the final cost', async () => {
    await setStoredBalance(t, DRIVER.email, -5000);
    const { charger, sim } = await bed.liveCharger('CP-SESS-CREDIT', '5101', {
      name: 'Session Street',
      tariff: { standard_rate: 0.45, currency: 'GBP', connection_cost: 50 },
    });
    const started = await startOnCredit(charger._id);
    id = started._id;
    expect(started).toMatchObject({
      chargerid: charger._id,
      barcode: '5101',
      chargerName: 'Session Street',
      title: 'Session Street, York',
      source: 'CREDIT',
      payment: { held: 0, captured: null, status: 'none' },
    });
    expect(['pending', 'charging']).toContain(started.state);

    const charging = await until(
      () => session(driver, id),
      (view) => view.state === 'charging' && view.kWh > 0 && view.powerW !== null,
    );
    expect(charging.id).toBe(sim.transactionId(1));
    expect(charging.data.cost.parts.connection).toBe(50);
    // The cost follows the samples: it rises while the car draws.
    const later = await until(
      () => session(driver, id),
      (view) => view.data.cost.applied_cost.total > charging.data.cost.applied_cost.total,
    );
    expect(later.kWh).toBeGreaterThanOrEqual(charging.kWh);
    expect(later.breakdown[0]?.rate).toBe(0.45);

    await stop(driver, id);
    const done = await finished(driver, id);
    const wh = (done.data.meterStop ?? 0) - (done.data.meterStart ?? 0);
    expect(done.data.meterStop).toBe(Math.round(sim.energyWh(1)));
    expect(done.data.finished).toBe(true);
    expect(done.kWh).toBe(energyKwh(done.data.meterStart ?? 0, done.data.meterStop ?? 0));
    expect(done.data.cost.parts).toEqual({
      energy: energyAt45p(wh),
      connection: 50,
      periods: 0,
      overstay: 0,
    });
    const total = 50 + energyAt45p(wh);
    expect(done.data.cost.applied_cost).toEqual({
      total,
      currency: { code: 'GBP', symbol: '£', decimal_digits: 2 },
    });
    expect(done.payment).toEqual({ held: 0, captured: total, status: 'debited' });
    expect(done.powerW).toBe(0);
    expect(done.breakdown.reduce((sum, entry) => sum + entry.value, 0)).toBeCloseTo(wh / 1000, 6);
    expect((await userRow(t, DRIVER.email)).balanceMinor).toBe(-5000 + total);

    const latest = await t.call('latestUserTransaction', { token: driver });
    expect((latest.body.data as TransactionView)._id).toBe(id);
  });

  test('the cable is released and can be unlocked by its driver', async () => {
    const done = await session(driver, id);
    // The app asks until the charger reports the cable out (Finishing, then Available).
    const check = await until(
      async () =>
        (
          await t.call('unlockCheck', {
            token: driver,
            query: { chargerid: done.chargerid, connectorid: '1', userid: driverId },
          })
        ).body.data as { released: boolean; status: string },
      (answer) => answer.released,
    );
    expect(check).toEqual({ released: true, status: 'Available' });
    const unlock = await t.call('unlockChargerConnector', {
      token: driver,
      body: { chargerid: done.chargerid, connectorid: 1 },
    });
    expect(unlock.body.data).toEqual({ status: 'Unlocked' });
  });

  test('the receipt with its cost breakdown lands in the outbox', async () => {
    const done = await session(driver, id);
    const answer = await t.call('sendReceipt', { token: driver, body: { transactionid: id } });
    expect(answer.body).toEqual({ data: true });
    const [mail] = (await t.outbox(DRIVER.email)).filter((m) =>
      m.subject.includes('Session Street'),
    );
    expect(mail?.subject).toBe('Your charging receipt: Session Street');
    expect(mail?.text).toContain(`Total: £${(done.data.cost.applied_cost.total / 100).toFixed(2)}`);
    expect(mail?.text).toContain('Connection fee: £0.50');
    expect(mail?.text).toMatch(/\d{2}:\d{2} - \d{2}:\d{2} {2}\d+\.\d kWh @ £0\.45 \/ kWh/);
    expect(mail?.html).toContain('Cost breakdown');
  });

  test('another driver gets 404 on every call about the session', async () => {
    const body = { transactionid: id };
    const answers = await Promise.all([
      t.call('getTransactionByID', { token: other, body }),
      t.call('remoteStopTransaction', { token: other, body }),
      t.call('pauseTransaction', { token: other, params: body }),
      t.call('unpauseTransaction', { token: other, params: body }),
      t.call('clearDefaultProfile', { token: other, body }),
      t.call('sendReceipt', { token: other, body }),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body.code).toBe('TRANSACTION_NOT_FOUND');
    }
    const done = await session(driver, id);
    const unlock = await t.call('unlockChargerConnector', {
      token: other,
      body: { chargerid: done.chargerid, connectorid: 1 },
    });
    expect(unlock.status).toBe(404);
    const check = await t.call('unlockCheck', {
      token: other,
      query: { chargerid: done.chargerid, connectorid: '1', userid: driverId },
    });
    expect(check.status).toBe(403);
    const latest = await t.call('latestUserTransaction', { token: other });
    expect((latest.body.data as TransactionView | null)?._id).not.toBe(id);
    // Nothing changed for its owner.
    expect((await session(driver, id)).state).toBe('finished');
  });
});
