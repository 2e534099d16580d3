// Two nodes on PostgreSQL and NATS, one of them killed (issue: capacity). Each node runs in its
// own process as `npm start` runs it, both on a fresh PostgreSQL database beside DATABASE_URL's
// and on the NATS server at NATS_URL (default nats://127.0.0.1:4222). BENCH_TWO_NODE_CHARGERS
// password-protected simulated chargers (@evc/charger-sim) split across them, those of node A
// knowing node B as their next server; BENCH_TWO_NODE_SESSIONS paid sessions (a sandbox card's
// hold each, started half on node A and half on node B) charge on chargers of both nodes for
// BENCH_TWO_NODE_CHARGE_SECONDS. Then node A is killed with SIGKILL. Prints one JSON object: how
// long until every charger of node A was accepted again by node B, how long until the sessions
// there were metered again, how many sessions finished once stopped (by the driver on node B, or
// by the charger), the captures per session (each must be exactly 1, for the session's cost),
// and anything lost. Skipped, with a note, without PostgreSQL or NATS.
import { randomBytes } from 'node:crypto';
import { connect as connectTcp } from 'node:net';
import { performance } from 'node:perf_hooks';
import { inArray } from 'drizzle-orm';
import pg from 'pg';
import { ChargePointSimulator } from '@evc/charger-sim';
import { chargerInput } from '@evc/contract';
import { createChargerRepository } from '../../apps/server/src/modules/chargers/repository.ts';
import { newChargerRow, toConnectors } from '../../apps/server/src/modules/chargers/service.ts';
import { newId } from '../../apps/server/src/platform/crypto.ts';
import {
  balanceMovements,
  chargingSessions,
  paymentIntents,
} from '../../apps/server/src/platform/db/schema.ts';
import { createPasswordHasher } from '../../apps/server/src/platform/passwords.ts';
import { testCharger } from '../../apps/server/src/test/charger-input.ts';
import { startNodeProcess, type NodeProcess } from '../../apps/server/src/test/node-process.ts';
import {
  createNodesDatabase,
  type NodesDatabase,
} from '../../apps/server/src/test/nodes-database.ts';
import { DRIVER, type CallResult } from '../../apps/server/src/test/test-app.ts';
import { inParallel } from '../../apps/server/src/test/in-parallel.ts';

const CHARGERS = Number(process.env.BENCH_TWO_NODE_CHARGERS ?? 200);
const SESSIONS = Math.min(CHARGERS, Number(process.env.BENCH_TWO_NODE_SESSIONS ?? 40));
const CHARGE_SECONDS = Number(process.env.BENCH_TWO_NODE_CHARGE_SECONDS ?? 5);
const RECONNECT_DELAY_MS = Number(process.env.BENCH_TWO_NODE_RECONNECT_DELAY_MS ?? 500);
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const DATABASE_URL = process.env.DATABASE_URL;
const PASSWORD = 'bench-two-nodes-password-2026';
/** A ceiling on each wait, bounding a hang: what is not there by then is counted lost. */
const WAIT_MS = 180_000;
/** Barcodes are 4 digits (spec 000 §3); the demo chargers have 1001-1006. */
const FIRST_BARCODE = 2000;

const seconds = (ms: number) => Math.round(ms / 100) / 10;

/** Why the benchmark cannot run here, or null. */
async function missing(): Promise<string | null> {
  if (!DATABASE_URL) return 'needs PostgreSQL: set DATABASE_URL';
  const client = new pg.Client({ connectionString: DATABASE_URL, connectionTimeoutMillis: 3000 });
  const reached = await client.connect().then(
    () => true,
    () => false,
  );
  await client.end().catch(() => undefined);
  if (!reached) return `no PostgreSQL at DATABASE_URL`;
  const nats = new URL(NATS_URL.split(',')[0]?.trim() ?? '');
  const listening = await new Promise<boolean>((resolve) => {
    const socket = connectTcp(Number(nats.port || 4222), nats.hostname);
    socket.setTimeout(3000, () => socket.destroy());
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('close', () => resolve(false));
  });
  return listening ? null : `no NATS at ${NATS_URL}`;
}

/**
 * The chargers, stored with one shared password hash (hashed once, at production cost); answers
 * their ids by charge point id.
 */
async function seedChargers(shared: NodesDatabase): Promise<Map<string, string>> {
  const passwordHash = await createPasswordHasher().hash(PASSWORD);
  const ids = Array.from({ length: CHARGERS }, (_, index) => `TWO-${String(index)}`);
  const rows = ids.map((chargePointId, index) => {
    const input = chargerInput.parse(
      testCharger(chargePointId, String(FIRST_BARCODE + index), {
        name: `Two nodes ${String(index)}`,
        allowNoPassword: false,
      }),
    );
    return {
      charger: newChargerRow(input, { id: newId(), passwordHash, operatorId: null }),
      connectors: toConnectors(input.connectors),
    };
  });
  const chargers = createChargerRepository(shared.database.db);
  for (let start = 0; start < rows.length; start += 500) {
    await chargers.insertMany(rows.slice(start, start + 500));
  }
  return new Map(rows.map(({ charger }) => [charger.chargePointId, charger.id]));
}

async function dataOf<T>(answer: Promise<CallResult>, what: string): Promise<T> {
  const { status, body } = await answer;
  if (status !== 200)
    throw new Error(`${what} answered ${String(status)}: ${JSON.stringify(body)}`);
  return body.data as T;
}

/** Polls `check` every 20 ms until it holds or WAIT_MS passed; answers whether it held. */
async function waitFor(check: () => Promise<boolean> | boolean): Promise<boolean> {
  const deadline = performance.now() + WAIT_MS;
  for (;;) {
    if (await check()) return true;
    if (performance.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function measure(databaseUrl: string) {
  const shared = await createNodesDatabase(databaseUrl);
  const simulators: ChargePointSimulator[] = [];
  let nodes: NodeProcess[] = [];
  try {
    const chargerIds = await seedChargers(shared);
    const settings = {
      databaseUrl: shared.url,
      natsUrl: NATS_URL,
      natsSubjectPrefix: `bench-two-nodes-${randomBytes(4).toString('hex')}`,
      jwtSecret: randomBytes(32).toString('base64url'),
    };
    nodes = await Promise.all([
      startNodeProcess({ ...settings, name: 'bench-node-a' }),
      startNodeProcess({ ...settings, name: 'bench-node-b' }),
    ]);
    const [a, b] = nodes as [NodeProcess, NodeProcess];
    const onA: ChargePointSimulator[] = [];
    const onB: ChargePointSimulator[] = [];
    for (let index = 0; index < CHARGERS; index += 1) {
      const mine = index % 2 === 0 ? onA : onB;
      const simulator = new ChargePointSimulator({
        url: mine === onA ? a.ocppUrl : b.ocppUrl,
        fallbackUrls: mine === onA ? [b.ocppUrl] : [],
        reconnectDelayMs: RECONNECT_DELAY_MS,
        chargePointId: `TWO-${String(index)}`,
        password: PASSWORD,
        connectors: 1,
        meterIntervalMs: 1000,
        maxPowerW: 50_000,
        rampSeconds: 1,
      });
      mine.push(simulator);
      simulators.push(simulator);
    }
    const connectStart = performance.now();
    await inParallel(simulators, 50, async (simulator) => {
      await simulator.start();
    });
    const connectSeconds = seconds(performance.now() - connectStart);

    // The demo driver pays each session with its own hold on one saved card.
    const token = (await b.login(DRIVER, 'bench-two-nodes')).token;
    const method = await dataOf<{ id: string }>(
      b.call('sandboxCreatePaymentMethod', {
        token,
        body: { number: '4242424242424242', exp_month: 12, exp_year: 2099, cvc: '123' },
      }),
      'sandboxCreatePaymentMethod',
    );
    const card = await dataOf<{ id: string }>(
      b.call('addToStripeSources', { token, body: { card: method.id, fuelCard: false } }),
      'addToStripeSources',
    );
    // Sessions alternate between the chargers of A and of B; the starts between the nodes.
    const charging = simulators.slice(0, SESSIONS);
    const sessionIds = new Map<ChargePointSimulator, string>();
    await inParallel(charging, 8, async (simulator) => {
      const index = simulators.indexOf(simulator);
      const node = index % 4 < 2 ? a : b;
      const chargerid = chargerIds.get(simulator.options.chargePointId) ?? '';
      const { intentid } = await dataOf<{ intentid: string }>(
        node.call('initiatePaymentIntent', {
          token,
          body: {
            connector_id: `${chargerid}:1`,
            type: 'charge',
            amount: 3000,
            source: card.id,
            capture_method: 'manual',
          },
        }),
        'initiatePaymentIntent',
      );
      await dataOf(
        node.call('sandboxConfirmPaymentIntent', {
          token,
          params: { id: intentid },
          body: { payment_method: card.id },
        }),
        'sandboxConfirmPaymentIntent',
      );
      const started = await dataOf<{ _id: string }>(
        node.call('remoteStartTransaction', {
          token,
          body: { chargerid, connectorid: 1, source: 'PAYG', intent_id: intentid },
        }),
        'remoteStartTransaction',
      );
      sessionIds.set(simulator, started._id);
    });
    const ids = [...sessionIds.values()];
    const { db } = shared.database;
    const sessionRows = () =>
      db.select().from(chargingSessions).where(inArray(chargingSessions.id, ids));
    const allCharging = await waitFor(async () =>
      (await sessionRows()).every((row) => row.state === 'charging' && (row.lastEnergyWh ?? 0) > 0),
    );
    await new Promise((resolve) => setTimeout(resolve, CHARGE_SECONDS * 1000));

    // Node A goes, as a crash or a pulled plug takes it.
    const energyAtKill = new Map((await sessionRows()).map((row) => [row.id, row.lastEnergyWh]));
    const killedAt = Date.now();
    await a.kill();
    const backOnB = () =>
      onA.filter(
        (simulator) => simulator.url === b.ocppUrl && (simulator.acceptedAt ?? 0) > killedAt,
      );
    await waitFor(() => backOnB().length === onA.length);
    const acceptedAfter = backOnB()
      .map((simulator) => (simulator.acceptedAt ?? 0) - killedAt)
      .sort((x, y) => x - y);
    const movedSessions = charging
      .filter((simulator) => onA.includes(simulator))
      .map((simulator) => sessionIds.get(simulator) ?? '');
    const meteredAgain = await waitFor(async () =>
      (await sessionRows())
        .filter((row) => movedSessions.includes(row.id))
        .every((row) => (row.lastEnergyWh ?? 0) > (energyAtKill.get(row.id) ?? 0)),
    );
    const meteredAgainSeconds = seconds(Date.now() - killedAt);

    // Stopped by the driver on node B, or by the charger itself, in turn.
    const stopsAt = Date.now();
    let stopsRefused = 0;
    await inParallel(charging, 8, async (simulator) => {
      const transactionid = sessionIds.get(simulator) ?? '';
      if (simulators.indexOf(simulator) % 3 === 0) {
        await simulator.stopTransaction(1);
        return;
      }
      await dataOf(
        b.call('remoteStopTransaction', { token, body: { transactionid } }),
        'remoteStopTransaction',
      ).catch(() => {
        stopsRefused += 1;
      });
    });
    const settled = (row: { state: string; paymentStatus: string }) =>
      row.state === 'finished' && !['none', 'held'].includes(row.paymentStatus);
    await waitFor(async () => (await sessionRows()).every(settled));
    const settledSeconds = seconds(Date.now() - stopsAt);

    const rows = await sessionRows();
    const intents = await db
      .select()
      .from(paymentIntents)
      .where(inArray(paymentIntents.sessionId, ids));
    const debits = await db.select().from(balanceMovements);
    const captures = rows.map((row) => {
      const taken = intents.filter(
        (intent) => intent.sessionId === row.id && intent.amountReceived > 0,
      );
      const owed = debits.filter((debit) => debit.reference.endsWith(`:${row.id}`));
      const received = [...taken.map((i) => i.amountReceived), ...owed.map((d) => d.amountMinor)];
      return {
        count: received.length,
        forItsCost: received.reduce((sum, amount) => sum + amount, 0) === row.costTotal,
        attempts: row.settlementAttempts,
      };
    });
    const countOf = (values: number[]) =>
      Object.fromEntries(
        [...new Set(values)]
          .sort((x, y) => x - y)
          .map((value) => [value, values.filter((v) => v === value).length]),
      );
    const finished = rows.filter(settled).length;
    const reconnect = {
      chargers: onA.length,
      acceptedByB: acceptedAfter.length,
      lost: onA.length - acceptedAfter.length,
      firstSeconds: seconds(acceptedAfter[0] ?? 0),
      p50Seconds: seconds(acceptedAfter[Math.floor(acceptedAfter.length / 2)] ?? 0),
      allSeconds: seconds(acceptedAfter.at(-1) ?? 0),
    };
    return {
      chargers: { total: CHARGERS, onA: onA.length, onB: onB.length, connectSeconds },
      sessions: {
        started: ids.length,
        allCharging,
        onChargersOfA: movedSessions.length,
        onChargersOfB: ids.length - movedSessions.length,
        chargedSecondsBeforeKill: CHARGE_SECONDS,
      },
      reconnect,
      meteredAgain: {
        sessions: movedSessions.length,
        all: meteredAgain,
        seconds: meteredAgainSeconds,
      },
      settlement: {
        finished,
        open: rows.filter((row) => !['finished', 'rejected'].includes(row.state)).length,
        rejected: rows.filter((row) => row.state === 'rejected').length,
        stopsRefused,
        secondsAfterStops: settledSeconds,
        settlementAttempts: countOf(captures.map((capture) => capture.attempts)),
      },
      captures: {
        perSession: countOf(captures.map((capture) => capture.count)),
        forTheSessionsCost: captures.filter((capture) => capture.forItsCost).length,
      },
      lost: {
        chargers: reconnect.lost,
        sessions: ids.length - finished,
        captures: captures.filter((capture) => capture.count !== 1 || !capture.forItsCost).length,
      },
      pass:
        reconnect.lost === 0 &&
        finished === ids.length &&
        captures.every((capture) => capture.count === 1 && capture.forItsCost),
    };
  } finally {
    for (const simulator of simulators) await simulator.stop();
    for (const node of nodes) await node.stop();
    await shared.drop();
  }
}

const skipped = await missing();
console.log(
  JSON.stringify({
    benchmark: 'two-nodes',
    ...(skipped
      ? { skipped }
      : {
          natsUrl: NATS_URL,
          reconnectDelayMs: RECONNECT_DELAY_MS,
          ...(await measure(DATABASE_URL ?? '')),
        }),
  }),
);
