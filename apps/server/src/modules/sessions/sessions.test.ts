import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { transactionView, type Card, type TransactionView } from '@evc/contract';
import { energyKwh } from '@evc/domain';
import { chargingSessions, users } from '../../platform/db/schema.ts';
import { setStoredBalance, until, userRow } from '../../test/test-users.ts';
import { DRIVER, OPERATOR, type TestApp } from '../../test/test-app.ts';
import { startTestBed, type TestBed } from '../../test/test-bed.ts';
import {
  chargeHold,
  confirmSandboxIntent,
  initiateIntent,
  sandboxHold,
  sandboxIntent as ownersIntent,
  sandboxPaymentMethod,
  saveSandboxCard,
} from '../../test/test-payments.ts';
import { remoteStart, remoteStop, sessionView } from '../../test/test-sessions.ts';

let bed: TestBed;
let t: TestApp;
let base: string;
let driver: string;
let driverId: string;
/** The operator signs in like any driver: here, someone else. */
let other: string;

const START_TIMEOUT_MS = 1500;

beforeAll(async () => {
  bed = await startTestBed({ sessions: { startTimeoutMs: START_TIMEOUT_MS } });
  ({ t, base, driver, driverId, operator: other } = bed);
});

afterAll(() => bed.close());

const session = (token: string, id: string) => sessionView(t, token, id);
const start = (token: string, body: object) => remoteStart(t, token, body);
const stop = (token: string, id: string) => remoteStop(t, token, id);

/** The driver's CREDIT session at connector 1 of the charger. */
const startOnCredit = (chargerId: string) =>
  start(driver, { chargerid: chargerId, connectorid: 1, source: 'CREDIT' });

const finished = (token: string, id: string) =>
  until(
    () => session(token, id),
    // Settlement follows the stop: until then the payment is still as it was at the start.
    (view) => view.state === 'finished' && !['none', 'held'].includes(view.payment.status),
  );

/** Waits until the car draws, stops the session and waits for its settlement. */
async function chargeThenStop(token: string, id: string) {
  await until(
    () => session(token, id),
    (view) => view.kWh > 0.05,
  );
  await stop(token, id);
  return finished(token, id);
}

/** Energy cost at £0.45/kWh: 4500/10000 units × Wh/1000 × 100 = 0.045 × Wh, rounded half up. */
const energyAt45p = (wh: number) => Math.floor((45 * wh + 500) / 1000);

/** A 3000 pre-authorisation intent for a charge at the charger, not yet confirmed. */
const chargeIntent = async (chargerId: string, card: Card) =>
  (await initiateIntent(t, driver, chargeHold(chargerId, card.id))).intentid;

const heldIntent = async (chargerId: string) => (await sandboxHold(t, driver, chargerId)).intentId;

const sandboxIntent = (id: string) => ownersIntent(t, driver, id);

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
    const card = await saveSandboxCard(t, driver, '4000000000000002');
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

    const resumed = await t.call('unpauseTransaction', {
      token: driver,
      params: { transactionid: started._id },
    });
    expect((resumed.body.data as TransactionView).state).toBe('charging');
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

describe('automatic receipt and live events', () => {
  test('the SSE stream delivers progress; a driver with the charge-finished alert gets the receipt', async () => {
    await setStoredBalance(t, DRIVER.email, -5000);
    const row = await userRow(t, DRIVER.email);
    await t.database.db
      .update(users)
      .set({
        emailPrefs: { ...row.emailPrefs, charge_finished_alert: { enabled: true, threshold: 0 } },
      })
      .where(eq(users.email, DRIVER.email));
    const { charger } = await bed.liveCharger('CP-SESS-LIVE', '5107', { name: 'Live Lane' });

    const unauthenticated = await fetch(`http://${base}/api/events/sessions`);
    expect(unauthenticated.status).toBe(401);
    const response = await fetch(`http://${base}/api/events/sessions`, {
      headers: { authorization: `Bearer ${driver}` },
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const otherStream = await fetch(`http://${base}/api/events/sessions`, {
      headers: { authorization: `Bearer ${other}` },
    });

    const started = await startOnCredit(charger._id);
    const events = await readEvents(
      response,
      (list) => list.filter((event) => event._id === started._id && event.kWh > 0).length >= 2,
    );
    const mine = events.filter((event) => event._id === started._id);
    expect(mine[0]?.state).toBe('pending');
    const progress = mine.filter((event) => event.kWh > 0);
    expect(progress.at(-1)?.state).toBe('charging');
    expect(progress.at(-1)?.kWh).toBeGreaterThanOrEqual(progress[0]?.kWh ?? 0);
    expect(progress.at(-1)?.data.cost.applied_cost.total).toBeGreaterThan(0);

    // The other driver's stream stays silent about it.
    const stray = await readEventsFor(otherStream, 300);
    expect(stray.some((event) => event._id === started._id)).toBe(false);

    await stop(driver, started._id);
    await finished(driver, started._id);
    const receipt = await until(
      () => t.outbox(DRIVER.email),
      (mails) => mails.some((mail) => mail.subject === 'Your charging receipt: Live Lane'),
    );
    expect(receipt.filter((mail) => mail.subject.includes('Live Lane'))).toHaveLength(1);
  });
});

describe('bad input', () => {
  test.each<[string, string, object]>([
    ['no source', 'source', { chargerid: 'x', connectorid: 1 }],
    ['an unknown source', 'source', { chargerid: 'x', connectorid: 1, source: 'CASH' }],
    ['PAYG without a held intent', 'intent_id', { chargerid: 'x', connectorid: 1, source: 'PAYG' }],
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

/** Reads `event: session` messages from the stream until `enough` says stop. */
async function readEvents(
  response: Response,
  enough: (events: TransactionView[]) => boolean,
): Promise<TransactionView[]> {
  if (!response.body) throw new Error('no body');
  const decoder = new TextDecoder();
  const events: TransactionView[] = [];
  let buffer = '';
  for await (const value of response.body as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (block.startsWith('event: session') && data) {
        events.push(transactionView.parse(JSON.parse(data)));
      }
      end = buffer.indexOf('\n\n');
    }
    if (enough(events)) break;
  }
  return events;
}

/** What a stream carried within `ms`. */
async function readEventsFor(response: Response, ms: number): Promise<TransactionView[]> {
  if (!response.body) throw new Error('no body');
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + ms;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) break;
    const chunk = await Promise.race([
      reader.read(),
      new Promise<null>((done) => setTimeout(() => done(null), left)),
    ]);
    if (!chunk || chunk.done) break;
    text += decoder.decode(chunk.value, { stream: true });
  }
  await reader.cancel();
  return text
    .split('\n\n')
    .filter((block) => block.startsWith('event: session'))
    .map((block) => transactionView.parse(JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null')));
}

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
