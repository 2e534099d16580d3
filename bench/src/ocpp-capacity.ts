// How many chargers one node holds, measured from outside (issue: capacity). A node runs in its
// own process as `npm start` does, on a fresh database; a swarm of password-protected OCPP 1.6J
// charge points (bench/src/support/charger-swarm.ts) connects in steps (1,000 … 10,000 by
// default), each booting and reporting its connectors while those already up beat every
// BENCH_HEARTBEAT_SECONDS. Per step: how fast chargers were accepted, the node's resident memory
// and memory per charger, heartbeat p99 while connecting. Then MeterValues at a fixed rate across
// open transactions, and a reconnect storm of every charger at once. On PGlite, and on
// PostgreSQL as well when DATABASE_URL is set (BENCH_DATABASES=postgres or pglite for one only).
// Prints one JSON object.
import { performance } from 'node:perf_hooks';
import { newId } from '../../apps/server/src/platform/crypto.ts';
import { createPasswordHasher } from '../../apps/server/src/platform/passwords.ts';
import { generateChargerNetwork } from '../../apps/server/src/modules/chargers/demo-network.ts';
import { createChargerRepository } from '../../apps/server/src/modules/chargers/repository.ts';
import { newChargerRow, toConnectors } from '../../apps/server/src/modules/chargers/service.ts';
import { createSwarm, percentiles, type SwarmCharger } from './support/charger-swarm.ts';
import { freshDatabase, startServer, type BenchDatabase } from './support/server-process.ts';

const STEPS = (process.env.BENCH_STEPS ?? '1000,2500,5000,10000').split(',').map(Number);
const CHARGERS = Math.max(...STEPS);
const HEARTBEAT_SECONDS = Number(process.env.BENCH_HEARTBEAT_SECONDS ?? 60);
const CONCURRENCY = Number(process.env.BENCH_HANDSHAKES_IN_FLIGHT ?? 200);
const METER_TRANSACTIONS = Number(process.env.BENCH_METER_TRANSACTIONS ?? 200);
const METER_PER_SECOND = Number(process.env.BENCH_METER_PER_SECOND ?? 200);
const METER_SECONDS = Number(process.env.BENCH_METER_SECONDS ?? 30);
const PASSWORD = 'bench-charger-password-2026';
const TARGETS = {
  rssMbAt10000: 512,
  stormSeconds: 60,
  heartbeatP99MsInStorm: 100,
  meterValuesP99Ms: 100,
};

/** The chargers the swarm will run, stored with one shared password hash (hashed once). */
async function seed(database: BenchDatabase): Promise<SwarmCharger[]> {
  const db = await database.open();
  try {
    // Barcodes are 4 digits (spec 000 §3); this throw-away database takes 6 to hold 10,000+.
    await db.withSession((session) =>
      session.exec(`ALTER TABLE chargers DROP CONSTRAINT chargers_barcode_check,
        ADD CONSTRAINT chargers_barcode_check CHECK (barcode ~ '^[0-9]{4,6}$')`),
    );
    const passwordHash = await createPasswordHasher().hash(PASSWORD);
    const network = generateChargerNetwork({
      count: CHARGERS,
      seed: 10_000,
      firstBarcode: 100_000,
      barcodeDigits: 6,
      chargePointPrefix: 'CAP-',
    });
    const chargers = createChargerRepository(db.db);
    for (let start = 0; start < network.length; start += 1000) {
      await chargers.insertMany(
        network.slice(start, start + 1000).map(({ input }) => ({
          charger: newChargerRow(input, { id: newId(), passwordHash, operatorId: null }),
          connectors: toConnectors(input.connectors),
        })),
      );
    }
    return network.map(({ input }) => ({ chargePointId: input.chargePointId, password: PASSWORD }));
  } finally {
    await db.close();
  }
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;

async function measure(postgresUrl: string | undefined) {
  const database = await freshDatabase(postgresUrl);
  const chargers = await seed(database);
  const server = await startServer(database);
  const swarm = createSwarm(server.base);
  try {
    const baseRss = server.rssBytes();
    const steps = [];
    let connected = 0;
    swarm.startBeating(HEARTBEAT_SECONDS);
    for (const [index, target] of STEPS.entries()) {
      const phase = `connect-${String(index)}`;
      swarm.setPhase(phase);
      const batch = chargers.slice(connected, target);
      const start = performance.now();
      const up = await swarm.connect(batch, CONCURRENCY);
      const seconds = (performance.now() - start) / 1000;
      connected = target;
      swarm.setPhase(`idle-${String(index)}`);
      // A few heartbeat rounds' worth of settling, then the memory of the node holding them.
      await new Promise((resolve) => setTimeout(resolve, 5000));
      const rss = server.rssBytes();
      steps.push({
        chargers: target,
        connectedNow: swarm.connected,
        added: batch.length,
        addedUp: up,
        connectSeconds: Math.round(seconds * 10) / 10,
        acceptedPerSecond: Math.round(batch.length / seconds),
        rssMb: mb(rss),
        rssPerChargerKb: Math.round((rss - baseRss) / target / 102.4) / 10,
        heartbeatWhileConnecting: percentiles(
          swarm.samples,
          (sample) => sample.action === 'Heartbeat' && sample.phase === phase,
        ),
        heartbeatIdle: percentiles(
          swarm.samples,
          (sample) => sample.action === 'Heartbeat' && sample.phase === `idle-${String(index)}`,
        ),
      });
    }

    swarm.setPhase('meter');
    const transactions = await swarm.meter(METER_TRANSACTIONS, METER_PER_SECOND, METER_SECONDS);
    const meterValues = {
      transactions,
      perSecond: METER_PER_SECOND,
      seconds: METER_SECONDS,
      ...percentiles(swarm.samples, (s) => s.action === 'MeterValues' && s.phase === 'meter'),
    };

    swarm.setPhase('storm');
    const failedBefore = swarm.failedAttempts;
    const stormStart = performance.now();
    const back = await swarm.storm(CONCURRENCY);
    const stormSeconds = Math.round((performance.now() - stormStart) / 100) / 10;
    const storm = {
      chargers: connected,
      back,
      lost: connected - back,
      seconds: stormSeconds,
      acceptedPerSecond: Math.round(back / stormSeconds),
      failedAttempts: swarm.failedAttempts - failedBefore,
      heartbeat: percentiles(swarm.samples, (s) => s.action === 'Heartbeat' && s.phase === 'storm'),
      boot: percentiles(
        swarm.samples,
        (s) => s.action === 'BootNotification' && s.phase === 'storm',
      ),
      rssMb: mb(server.rssBytes()),
    };
    const last = steps.at(-1);
    return {
      database: database.kind,
      baseRssMb: mb(baseRss),
      steps,
      meterValues,
      storm,
      pass: {
        rss: CHARGERS < 10_000 || (last !== undefined && last.rssMb <= TARGETS.rssMbAt10000),
        storm: storm.lost === 0 && storm.seconds <= TARGETS.stormSeconds,
        heartbeatInStorm: storm.heartbeat.p99Ms <= TARGETS.heartbeatP99MsInStorm,
        meterValues: meterValues.errors === 0 && meterValues.p99Ms <= TARGETS.meterValuesP99Ms,
      },
    };
  } finally {
    swarm.close();
    await server.stop();
    await database.drop();
  }
}

// BENCH_DATABASES=postgres (or pglite) runs one of the two only.
const only = process.env.BENCH_DATABASES;
const results = [];
if (only !== 'postgres') results.push(await measure(undefined));
if (process.env.DATABASE_URL && only !== 'pglite') {
  results.push(await measure(process.env.DATABASE_URL));
}
console.log(
  JSON.stringify({
    benchmark: 'ocpp-capacity',
    heartbeatSeconds: HEARTBEAT_SECONDS,
    handshakesInFlight: CONCURRENCY,
    targets: TARGETS,
    results,
  }),
);
