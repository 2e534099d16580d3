import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { chargingSessions } from '../../platform/db/schema.ts';
import { setStoredBalance, until, userRow } from '../../test/test-users.ts';
import { DRIVER, type TestApp } from '../../test/test-app.ts';
import type { TestBed } from '../../test/test-bed.ts';
import {
  chargeHold,
  confirmSandboxIntent,
  initiateIntent,
  sandboxPaymentMethod,
  saveSandboxCard,
} from '../../test/test-payments.ts';
import { sessionSteps, startSessionTestBed } from './test-support.ts';

let bed: TestBed;
let t: TestApp;
let driver: string;
/** The operator signs in like any driver: here, someone else. */
let other: string;

beforeAll(async () => {
  bed = await startSessionTestBed();
  ({ t, driver, operator: other } = bed);
});

afterAll(() => bed.close());

const {
  session,
  start,
  stop,
  finished,
  startOnCredit,
  chargeThenStop,
  chargeIntent,
  heldIntent,
  sandboxIntent,
} = sessionSteps(() => bed);

describe('a PAYG session', () => {
  test('captures the final cost from the hold and releases the rest', async () => {
    const { charger } = await bed.liveCharger('CP-SESS-PAYG', '5102');
    const intentId = await heldIntent(charger._id);
    const started = await start(driver, {
      chargerid: charger._id,
      connectorid: 1,
      source: 'PAYG',
      intent_id: intentId,
    });
    expect(started.payment).toEqual({ held: 3000, captured: null, status: 'held' });
    expect(started.intent_id).toBe(intentId);
    const done = await chargeThenStop(driver, started._id);
    const total = done.data.cost.applied_cost.total;
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(3000);
    expect(done.payment).toEqual({ held: 3000, captured: total, status: 'captured' });
    expect(await sandboxIntent(intentId)).toMatchObject({
      status: 'succeeded',
      amount_received: total,
      amount_capturable: 0,
    });
  });

  test('a card that needs authentication holds once the driver passes 3-D Secure, then charges', async () => {
    const { charger } = await bed.liveCharger('CP-SESS-3DS', '5194');
    const card = await saveSandboxCard(t, driver, '4000002500003155');
    const intentId = await chargeIntent(charger._id, card);
    const confirmed = await confirmSandboxIntent(t, driver, intentId, card.id);
    expect(confirmed.body.data).toMatchObject({ status: 'requires_action' });
    // Not held yet: the start is refused (000 §8 'Card confirmation needed') and nothing is written.
    const early = await t.call('remoteStartTransaction', {
      token: driver,
      body: { chargerid: charger._id, connectorid: 1, source: 'PAYG', intent_id: intentId },
    });
    expect(early.status).toBe(402);
    expect(early.body).toMatchObject({ code: 'CARD_CONFIRMATION_NEEDED' });
    expect(
      await t.database.db
        .select()
        .from(chargingSessions)
        .where(eq(chargingSessions.chargerId, charger._id)),
    ).toEqual([]);

    const approved = await t.call('sandboxAuthenticatePaymentIntent', {
      token: driver,
      params: { id: intentId },
      body: { outcome: 'approve' },
    });
    expect(approved.body.data).toMatchObject({ status: 'requires_capture' });
    const started = await start(driver, {
      chargerid: charger._id,
      connectorid: 1,
      source: 'PAYG',
      intent_id: intentId,
    });
    const done = await chargeThenStop(driver, started._id);
    expect(done.payment.status).toBe('captured');
    expect(done.payment.captured).toBe(done.data.cost.applied_cost.total);
  });

  test('a declined card holds nothing, and a start with its intent is refused', async () => {
    const { charger } = await bed.liveCharger('CP-SESS-DECLINE', '5195');
    const card = await saveSandboxCard(t, driver, '4000000000000341');
    const intentId = await chargeIntent(charger._id, card);
    const declined = await confirmSandboxIntent(t, driver, intentId, card.id);
    expect(declined.status).toBe(402);
    expect(declined.body.message).toContain('Your card was declined.');
    const refused = await t.call('remoteStartTransaction', {
      token: driver,
      body: { chargerid: charger._id, connectorid: 1, source: 'PAYG', intent_id: intentId },
    });
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ code: 'PAYMENT_FAILED' });
    expect(
      await t.database.db
        .select()
        .from(chargingSessions)
        .where(eq(chargingSessions.chargerId, charger._id)),
    ).toEqual([]);
  });
});

describe('a Google Pay session (spec 000 §4)', () => {
  test('holds on the wallet’s intent, charges, and captures the cost from the hold', async () => {
    const { charger } = await bed.liveCharger('CP-SESS-GPAY', '5196');
    const { intentid: intentId } = await initiateIntent(
      t,
      driver,
      chargeHold(charger._id, 'GOOGLEPAY'),
    );
    // What the wallet's sheet hands over: a payment method never saved as a card.
    const method = await sandboxPaymentMethod(t, driver);
    const confirmed = await confirmSandboxIntent(t, driver, intentId, method);
    expect(confirmed.body.data).toMatchObject({ status: 'requires_capture' });

    const started = await start(driver, {
      chargerid: charger._id,
      connectorid: 1,
      source: 'GOOGLEPAY',
      intent_id: intentId,
    });
    expect(started.payment).toEqual({ held: 3000, captured: null, status: 'held' });
    const done = await chargeThenStop(driver, started._id);
    const total = done.data.cost.applied_cost.total;
    expect(done.payment).toEqual({ held: 3000, captured: total, status: 'captured' });
    expect(await sandboxIntent(intentId)).toMatchObject({
      status: 'succeeded',
      amount_received: total,
    });
  });
});

describe('a StopTransaction replayed', () => {
  test('late after the charger was offline and then again: settled once', async () => {
    await setStoredBalance(t, DRIVER.email, -5000);
    const { charger, sim } = await bed.liveCharger('CP-SESS-REPLAY', '5105');
    const started = await startOnCredit(charger._id);
    await until(
      () => session(driver, started._id),
      (view) => view.state === 'charging' && view.kWh > 0,
    );
    await sim.stop();
    // Stopped while offline: the StopTransaction waits in the charger's queue.
    await sim.stopTransaction(1);
    expect((await session(driver, started._id)).state).toBe('charging');
    await sim.start();
    const done = await finished(driver, started._id);
    const total = done.data.cost.applied_cost.total;
    expect(done.payment).toEqual({ held: 0, captured: total, status: 'debited' });
    expect((await userRow(t, DRIVER.email)).balanceMinor).toBe(-5000 + total);

    // The same StopTransaction once more, as a charger unsure it was heard would send it.
    await sim.stop();
    const client = bed.ocppClient('CP-SESS-REPLAY');
    await client.connect();
    const again = {
      transactionId: done.id,
      meterStop: done.data.meterStop,
      timestamp: done.data.enddate,
      reason: 'Local',
    };
    await client.call('StopTransaction', again);
    await client.call('StopTransaction', again);
    const after = await session(driver, started._id);
    expect(after.payment).toEqual(done.payment);
    expect(after.data.cost.applied_cost.total).toBe(total);
    expect((await userRow(t, DRIVER.email)).balanceMinor).toBe(-5000 + total);
  });
});

describe('a group member at a charger where the group has its own tariff', () => {
  test('is priced by the group tariff, kept for the whole session', async () => {
    await setStoredBalance(t, DRIVER.email, -5000);
    const { charger } = await bed.liveCharger('CP-SESS-GROUP', '5191', {
      tariff: { standard_rate: 0.45, currency: 'GBP', connection_cost: 50 },
    });
    const group = await t.call('operatorCreateGroup', {
      token: other,
      body: { name: 'Depot staff', groupcode: 'DEPOT-5191' },
    });
    expect(group.status).toBe(200);
    const groupId = (group.body.data as { _id: string })._id;
    const priced = await t.call('operatorSetGroupTariffs', {
      token: other,
      params: { groupid: groupId },
      body: { chargers: [charger._id], tariff: { standard_rate: 0.1, currency: 'GBP' } },
    });
    expect(priced.status).toBe(200);
    const joined = await t.call('joinGroupByCode', {
      token: driver,
      body: { code: { groupcode: 'DEPOT-5191' } },
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);

    const started = await startOnCredit(charger._id);
    expect(started.data.tariff.standard_rate).toBe(0.1);
    await until(
      () => session(driver, started._id),
      (view) => view.state === 'charging' && view.kWh > 0,
    );
    // Leaving mid-charge does not change the price of a session already running.
    const left = await t.call('leaveJoinedGroup', { token: driver, body: { groupid: groupId } });
    expect(left.status).toBe(200);
    await stop(driver, started._id);
    const done = await finished(driver, started._id);
    const wh = (done.data.meterStop ?? 0) - (done.data.meterStart ?? 0);
    expect(done.data.cost.parts.connection).toBe(0);
    expect(done.data.cost.parts.energy).toBe(Math.floor((10 * wh + 500) / 1000));
    expect(done.breakdown.every((entry) => entry.rate === 0.1)).toBe(true);
  });
});

describe('a FUELCARD session', () => {
  test('needs no hold, is refused where the tariff does not take fuel cards, and is invoiced', async () => {
    const { charger: plain } = await bed.liveCharger('CP-SESS-NOFUEL', '5192');
    const { charger } = await bed.liveCharger('CP-SESS-FUEL', '5193', {
      tariff: { standard_rate: 0.45, currency: 'GBP', payableByFuelCard: true },
    });
    const body = (chargerid: string) => ({ chargerid, connectorid: 1, source: 'FUELCARD' });
    // No fuel card saved yet.
    const none = await t.call('remoteStartTransaction', { token: other, body: body(charger._id) });
    expect(none.status).toBe(402);
    await saveSandboxCard(t, other, undefined, true);
    const notAllowed = await t.call('remoteStartTransaction', {
      token: other,
      body: body(plain._id),
    });
    expect(notAllowed.status).toBe(409);

    const started = await start(other, body(charger._id));
    expect(started.payment).toEqual({ held: 0, captured: null, status: 'none' });
    const done = await chargeThenStop(other, started._id);
    expect(done.payment).toEqual({
      held: 0,
      captured: done.data.cost.applied_cost.total,
      status: 'invoiced',
    });
  });
});
