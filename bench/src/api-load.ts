// The driver's hot calls under load, from outside (issue: capacity). A node runs in its own
// process as `npm start` does (demo accounts and live demo chargers, no demo network), on a fresh
// PostgreSQL database when DATABASE_URL is set and on PGlite. The demo driver charges once at the
// free demo charger 1004 so that getTransactionByID has a session to read. Then a mix of
// userdata, getChargerByBarcode, getTransactionByID and getChargeHistory, at fixed rates
// (BENCH_RATES) and saturated, beside a reference in the same run: a bare Fastify route doing one
// `SELECT 1` through node-postgres (bench/src/support/reference-server.ts), on PostgreSQL only.
// Prints one JSON object: p50/p99 per rate, the ratio of our saturated rate to the reference's, and
// the CPU time each process spent per answered request while saturated (and the ratio of those).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { API_2_0_0 } from '../../apps/server/src/test/test-app.ts';
import { createLoad, type LoadRequest, type LoadResult } from './support/http-load.ts';
import { freePort, freshDatabase, processCpuMs, startServer } from './support/server-process.ts';

const RATES = (process.env.BENCH_RATES ?? '250,500,1000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const DRIVER = { email: 'driver@example.com', password: 'Driver-pass-2026' };
const TARGETS = { ratioToReference: 0.4, p99MsAt1000: 25 };

const json = (token: string | undefined, body: unknown): LoadRequest => ({
  method: 'POST',
  path: '',
  headers: {
    'content-type': 'application/json',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  },
  body: JSON.stringify(body),
});

async function call<T>(base: string, name: string, token: string | undefined, body: unknown) {
  const request = json(token, body);
  const answer = await fetch(`${base}/api/${name}`, {
    method: 'POST',
    headers: request.headers,
    body: request.body ?? null,
  });
  const parsed = (await answer.json()) as { data?: T };
  if (!answer.ok || parsed.data === undefined) {
    throw new Error(`${name} answered ${String(answer.status)}: ${JSON.stringify(parsed)}`);
  }
  return parsed.data;
}

/** Signs the demo driver in and charges once at 1004; answers the hot calls' requests. */
async function hotCalls(base: string): Promise<LoadRequest[]> {
  const signedIn = await call<{ user: { token: string } }>(base, 'login', undefined, {
    name: DRIVER.email,
    password: DRIVER.password,
    apiVersion: API_2_0_0,
    appVersion: '2.7.9',
    uuid: 'bench-api-load',
  });
  const token = signedIn.user.token;
  const user = await call<{ _id: string; HRCode: string }>(base, 'userdata', token, {});
  const charger = await call<{ _id: string }>(base, 'getChargerByBarcode', token, {
    barcode: '1004',
    permission_name: 'CHARGER_CHARGE_AT',
  });
  // The demo chargers' simulators connect once the node listens: retried until 1004 is there.
  let started: { _id: string } | undefined;
  for (let tries = 0; !started; tries += 1) {
    try {
      started = await call<{ _id: string }>(base, 'remoteStartTransaction', token, {
        chargerid: charger._id,
        connectorid: 1,
        source: 'CREDIT',
      });
    } catch (error) {
      // An attempt answered late (the charger still connecting) may have started it after all.
      if (String(error).includes('CONNECTOR_BUSY')) {
        const latest = await fetch(`${base}/api/development/transaction/user/latest`, {
          headers: { authorization: `Bearer ${token}` },
        });
        started = ((await latest.json()) as { data: { _id: string } }).data;
        break;
      }
      if (tries > 120) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  const requests = [
    { name: 'userdata', body: {} },
    {
      name: 'getChargerByBarcode',
      body: { barcode: '1004', permission_name: 'CHARGER_CHARGE_AT' },
    },
    { name: 'getTransactionByID', body: { transactionid: started._id } },
    { name: 'getChargeHistory', body: { usercode: user.HRCode, limit: 20 } },
  ];
  return requests.map(({ name, body }) => ({ ...json(token, body), path: `/api/${name}` }));
}

/** The bare reference in its own process, as the node is: Fastify and one pooled SELECT 1. */
async function startReference(databaseUrl: string) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'support/reference-server.ts')],
    {
      env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${String(port)}`;
  for (let tries = 0; ; tries += 1) {
    try {
      if ((await fetch(`${base}/ready`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (tries > 300) throw new Error('the reference server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    base,
    cpuMs: () => processCpuMs(child.pid ?? 0),
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * A saturated run and the CPU time its node spent per answered request: on a machine shared with
 * other work, a steadier measure of the work a call costs than its rate.
 */
async function perRequestCpu(cpuMs: () => number, run: () => Promise<LoadResult>) {
  const before = cpuMs();
  const result = await run();
  const cpuMsPerRequest = (cpuMs() - before) / Math.max(1, result.requests - result.errors);
  return { ...result, cpuMsPerRequest: Math.round(cpuMsPerRequest * 1000) / 1000 };
}

async function measure(postgresUrl: string | undefined) {
  const database = await freshDatabase(postgresUrl);
  const server = await startServer(database, { DEMO_CHARGERS: 'true', LOGIN_RATE_LIMIT: '1000' });
  const load = createLoad(server.base, CONNECTIONS);
  try {
    const mix = await hotCalls(server.base);
    // Warm-up: the first calls compile and fill caches.
    await load.saturate(mix, 3);
    const fixed = [];
    for (const rate of RATES) fixed.push(await load.fixedRate(mix, rate, SECONDS));
    const saturated = await perRequestCpu(
      () => server.cpuMs(),
      () => load.saturate(mix, SECONDS),
    );
    let reference: Awaited<ReturnType<typeof perRequestCpu>> | null = null;
    if (database.url) {
      const bare = await startReference(database.url);
      const referenceLoad = createLoad(bare.base, CONNECTIONS);
      const select = [{ ...json(undefined, {}), path: '/select-1' }];
      try {
        await referenceLoad.saturate(select, 3);
        reference = await perRequestCpu(bare.cpuMs, () => referenceLoad.saturate(select, SECONDS));
      } finally {
        await referenceLoad.close();
        await bare.stop();
      }
    }
    const at1000 = fixed.find((run) => run.rate === 1000);
    const ratio = reference
      ? Math.round((saturated.perSecond / reference.perSecond) * 1000) / 1000
      : null;
    return {
      database: database.kind,
      calls: ['userdata', 'getChargerByBarcode', 'getTransactionByID', 'getChargeHistory'],
      fixed,
      saturated,
      reference,
      ratioToReference: ratio,
      cpuRatioToReference: reference
        ? Math.round((reference.cpuMsPerRequest / saturated.cpuMsPerRequest) * 1000) / 1000
        : null,
      pass: {
        ratio: ratio === null ? null : ratio >= TARGETS.ratioToReference,
        p99At1000:
          at1000 === undefined || database.kind !== 'postgres'
            ? null
            : at1000.errors === 0 && at1000.p99Ms <= TARGETS.p99MsAt1000,
      },
    };
  } finally {
    await load.close();
    await server.stop();
    await database.drop();
  }
}

// BENCH_DATABASES=postgres (or pglite) runs one of the two only.
const only = process.env.BENCH_DATABASES;
const results = [];
if (process.env.DATABASE_URL && only !== 'pglite') {
  results.push(await measure(process.env.DATABASE_URL));
}
if (only !== 'postgres') results.push(await measure(undefined));
console.log(
  JSON.stringify({
    benchmark: 'api-load',
    seconds: SECONDS,
    connections: CONNECTIONS,
    targets: TARGETS,
    results,
  }),
);
