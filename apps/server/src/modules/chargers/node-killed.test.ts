import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { inArray, notInArray } from 'drizzle-orm';
import { ChargePointSimulator } from '@evc/charger-sim';
import { transactionView, type ChargerView, type TransactionView } from '@evc/contract';
import {
  balanceMovements,
  chargingSessions,
  ocppTransactions,
  paymentIntents,
  sessionPayments,
} from '../../platform/db/schema.ts';
import { dataOf, startNodeProcess, type NodeProcess } from '../../test/node-process.ts';
import { createNodesDatabase, type NodesDatabase } from '../../test/nodes-database.ts';
import { DRIVER, OPERATOR } from '../../test/test-app.ts';
import { FAST_CHARGING, testCharger } from '../../test/test-chargers.ts';
import { NATS_URL, testSubjectPrefix } from '../../test/test-nats.ts';
import { chargeHold, GOOD_CARD } from '../../test/test-payments.ts';
import { until } from '../../test/test-users.ts';

const DATABASE_URL = process.env.DATABASE_URL;
const CHARGER_PASSWORD = 'node-killed-charger-secret';

// Two nodes as a deployment runs them, each a process of its own on one PostgreSQL database and
// one NATS: chargers split across them, node A killed with SIGKILL while sessions run on both.
describe.skipIf(!NATS_URL || !DATABASE_URL)('a node killed mid-session', () => {
  let shared: NodesDatabase | undefined;
  let a: NodeProcess | undefined;
  let b: NodeProcess | undefined;
  const simulators: ChargePointSimulator[] = [];

  /** A fast-charging one-connector simulator (100 Wh a second) with a password. */
  const simulator = (chargePointId: string, urls: readonly string[]) => {
    const [url = '', ...fallbackUrls] = urls;
    const made = new ChargePointSimulator({
      ...FAST_CHARGING,
      url,
      fallbackUrls,
      reconnectDelayMs: 100,
      chargePointId,
      password: CHARGER_PASSWORD,
      meterIntervalMs: 200,
    });
    simulators.push(made);
    return made;
  };

  beforeAll(async () => {
    if (!DATABASE_URL || !NATS_URL) return;
    shared = await createNodesDatabase(DATABASE_URL);
    const settings = {
      databaseUrl: shared.url,
      natsUrl: NATS_URL,
      natsSubjectPrefix: testSubjectPrefix(),
      jwtSecret: randomBytes(32).toString('base64url'),
    };
    [a, b] = await Promise.all([
      startNodeProcess({ ...settings, name: 'node-a' }),
      startNodeProcess({ ...settings, name: 'node-b' }),
    ]);
  });

  afterAll(async () => {
    for (const each of simulators) await each.stop();
    await Promise.all([a?.kill(), b?.kill()]);
    await shared?.drop();
  });

  test("sessions on the killed node's chargers move to the other node and are each paid once", async () => {
    if (!a || !b || !shared) throw new Error('the nodes did not start');
    const nodeA = a;
    const nodeB = b;
    const operator = (await nodeA.login(OPERATOR)).token;
    const provision = (chargePointId: string, barcode: string) =>
      dataOf<ChargerView>(
        nodeA.call('operatorCreateCharger', {
          token: operator,
          body: testCharger(chargePointId, barcode, { password: CHARGER_PASSWORD }),
        }),
      );
    const [a1, a2, b1] = await Promise.all([
      provision('CP-KILL-A1', '3601'),
      provision('CP-KILL-A2', '3602'),
      provision('CP-KILL-B1', '3603'),
      provision('CP-KILL-B2', '3604'),
    ]);
    if (!a1 || !a2 || !b1) throw new Error('not provisioned');
    const onA = [
      simulator('CP-KILL-A1', [nodeA.ocppUrl, nodeB.ocppUrl]),
      simulator('CP-KILL-A2', [nodeA.ocppUrl, nodeB.ocppUrl]),
    ];
    const onB = [
      simulator('CP-KILL-B1', [nodeB.ocppUrl]),
      simulator('CP-KILL-B2', [nodeB.ocppUrl]),
    ];
    await Promise.all([...onA, ...onB].map((each) => each.start()));

    // Drivers sign in on node B; the operator charges there like any driver.
    const driver = (await nodeB.login(DRIVER, 'node-killed-driver')).token;
    const other = (await nodeB.login(OPERATOR, 'node-killed-other')).token;
    const savedCard = async (token: string) => {
      const method = await dataOf<{ id: string }>(
        nodeB.call('sandboxCreatePaymentMethod', {
          token,
          body: { number: GOOD_CARD, exp_month: 12, exp_year: 2099, cvc: '123' },
        }),
      );
      const body = { card: method.id, fuelCard: false };
      return (await dataOf<{ id: string }>(nodeB.call('addToStripeSources', { token, body }))).id;
    };
    const cards = new Map([
      [driver, await savedCard(driver)],
      [other, await savedCard(other)],
    ]);
    /** A 3000 hold on the driver's card, then a remote start given on node B. */
    const paidStart = async (token: string, chargerid: string) => {
      const card = cards.get(token) ?? '';
      const { intentid } = await dataOf<{ intentid: string }>(
        nodeB.call('initiatePaymentIntent', { token, body: chargeHold(chargerid, card) }),
      );
      const confirmed = await dataOf<{ status: string }>(
        nodeB.call('sandboxConfirmPaymentIntent', {
          token,
          params: { id: intentid },
          body: { payment_method: card },
        }),
      );
      expect(confirmed.status).toBe('requires_capture');
      const body = { chargerid, connectorid: 1, source: 'PAYG', intent_id: intentid };
      return transactionView.parse(
        await dataOf(nodeB.call('remoteStartTransaction', { token, body })),
      );
    };
    const sessionOnB = async (token: string, transactionid: string) =>
      transactionView.parse(
        await dataOf(nodeB.call('getTransactionByID', { token, body: { transactionid } })),
      );
    const untilSession = (
      token: string,
      started: TransactionView,
      check: (view: TransactionView) => boolean,
    ) => until(() => sessionOnB(token, started._id), check);

    // Given on node B, the start of A1's session reaches the charger through node A's socket.
    const sessions = [
      { token: driver, started: await paidStart(driver, a1._id) },
      { token: other, started: await paidStart(other, a2._id) },
      { token: other, started: await paidStart(other, b1._id) },
    ];
    const [onA1, onA2, onB1] = sessions;
    if (!onA1 || !onA2 || !onB1) throw new Error('not started');
    for (const { token, started } of sessions) {
      await untilSession(token, started, (view) => view.state === 'charging' && view.kWh > 0);
    }

    const drawnBeforeKill = (await sessionOnB(driver, onA1.started._id)).kWh;
    const killedAt = Date.now();
    await nodeA.kill();
    // A's chargers, cut off, find node B by themselves and are accepted there.
    await until(
      () => Promise.resolve(onA.map((each) => ({ url: each.url, acceptedAt: each.acceptedAt }))),
      (seen) =>
        seen.every(({ url, acceptedAt }) => url === nodeB.ocppUrl && (acceptedAt ?? 0) > killedAt),
    );
    // Their meter values now reach node B: A1's session goes on drawing there.
    await untilSession(driver, onA1.started, (view) => view.kWh > drawnBeforeKill);

    // Stopped by the driver on node B, and by the charger itself.
    await dataOf(
      nodeB.call('remoteStopTransaction', {
        token: driver,
        body: { transactionid: onA1.started._id },
      }),
    );
    await dataOf(
      nodeB.call('remoteStopTransaction', {
        token: other,
        body: { transactionid: onB1.started._id },
      }),
    );
    await onA[1]?.stopTransaction(1);
    const finished = [];
    for (const { token, started } of sessions) {
      finished.push(
        await untilSession(
          token,
          started,
          (view) => view.state === 'finished' && !['none', 'held'].includes(view.payment.status),
        ),
      );
    }
    for (const view of finished) {
      const total = view.data.cost.applied_cost.total;
      expect(total).toBeGreaterThan(0);
      expect(view.payment).toEqual({ held: 3000, captured: total, status: 'captured' });
    }

    // What the database holds: each session finished and captured once, for its own cost.
    const ids = finished.map((view) => view._id);
    const { db } = shared.database;
    const rows = await db.select().from(chargingSessions).where(inArray(chargingSessions.id, ids));
    const intents = await db
      .select()
      .from(paymentIntents)
      .where(inArray(paymentIntents.sessionId, ids));
    const payments = await db
      .select()
      .from(sessionPayments)
      .where(inArray(sessionPayments.sessionId, ids));
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row).toMatchObject({
        state: 'finished',
        paymentStatus: 'captured',
        capturedMinor: row.costTotal,
        // Claimed by one node, once: never settled again.
        settlementAttempts: 1,
      });
      expect(intents.filter((intent) => intent.sessionId === row.id)).toEqual([
        expect.objectContaining({
          status: 'succeeded',
          amountReceived: row.costTotal,
          amountCapturable: 0,
        }),
      ]);
      expect(payments.filter((payment) => payment.sessionId === row.id)).toEqual([
        expect.objectContaining({ status: 'captured', captured: row.costTotal }),
      ]);
    }
    // Nothing taken besides the captures (no balance owed), no session left open, no
    // transaction left running.
    expect(await db.select().from(balanceMovements)).toEqual([]);
    expect(
      await db
        .select()
        .from(chargingSessions)
        .where(notInArray(chargingSessions.state, ['finished', 'rejected'])),
    ).toEqual([]);
    const transactions = await db.select().from(ocppTransactions);
    expect(transactions.map((row) => row.stoppedAt === null)).toEqual([false, false, false]);
  });

  test('the node left, stopped, closes its chargers and ends by itself', async () => {
    if (!b) throw new Error('the nodes did not start');
    expect(await b.stop()).toEqual({ code: 0, signal: null });
  });
});
