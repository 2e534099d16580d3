// /listChargers over 100,000 generated public chargers, through the real HTTP stack (app.inject):
// - first: the first list a node answers (everything read and compressed);
// - cold: the first list after a change to one charger, patched in place: a connector status
//   (`afterStatus`), an online flag (`afterOnline`), its listed details (`afterListingChange`;
//   `listingShownMs` is how long the change takes to show); and lists asked while a change to many
//   chargers at once has the whole list read again in the background (`duringBulkReread`, the
//   previous answer served meanwhile; `bulkShownMs` is how long the change takes to show);
// - warm: the list again with nothing changed;
// - the gzip size, and pass or fail against 300 ms and 2 MB gzip.
// On PGlite in memory, and on PostgreSQL as well when DATABASE_URL is set (a fresh schema,
// dropped afterwards). Prints one JSON object.
import { performance } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';
import type { ListChargersResponse } from '@evc/contract';
import {
  generateChargerNetwork,
  insertChargerNetwork,
} from '../../apps/server/src/modules/chargers/demo-network.ts';
import {
  createChargerRepository,
  type ChargerRepository,
} from '../../apps/server/src/modules/chargers/repository.ts';
import { createTestApp, DRIVER } from '../../apps/server/src/test/test-app.ts';
import { summarise, type Summary } from './summarise.ts';

const CHARGERS = Number(process.env.BENCH_CHARGERS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const COLD_ROUNDS = Number(process.env.BENCH_COLD_ROUNDS ?? 10);
const BULK_ROUNDS = Number(process.env.BENCH_BULK_ROUNDS ?? 3);
const LIMIT_MS = 300;
const LIMIT_GZIP_BYTES = 2 * 1024 * 1024;

/**
 * The generated network, inserted; answers the chargers the cold rounds change. Its own function
 * so that the generated inputs (variable tariffs hold 336 half-hours each) are garbage once it
 * returns: a server holds no such thing, and kept they made every major GC of the run slower.
 */
async function seed(chargers: ChargerRepository) {
  const seedStart = performance.now();
  const network = generateChargerNetwork({
    count: CHARGERS,
    seed: 100_000,
    firstBarcode: 100_000,
    barcodeDigits: 6,
    chargePointPrefix: 'BENCH-',
  });
  const inserted = await insertChargerNetwork(chargers, network, null, 1000);
  const seedMs = performance.now() - seedStart;
  const picked = await Promise.all(
    Array.from({ length: COLD_ROUNDS }, (_, round) =>
      chargers.findByBarcode(
        network[Math.floor(((round + 0.5) * network.length) / COLD_ROUNDS)]?.input.barcode ?? '',
      ),
    ),
  );
  const sample = picked.flatMap((found) => (found ? [found.charger.id] : []));
  if (sample.length !== COLD_ROUNDS) throw new Error('the generated chargers are not there');
  return { inserted, seedMs, sample };
}

async function measure(databaseUrl: string | undefined) {
  const testApp = await createTestApp({}, databaseUrl);
  try {
    // A charger barcode is 4 digits (spec 000 §3), so 100,000 chargers cannot all have one. This
    // benchmark's throw-away database alone takes up to 6 digits; the schema and the API keep 4.
    await testApp.database.withSession((session) =>
      session.exec(`ALTER TABLE chargers DROP CONSTRAINT chargers_barcode_check,
        ADD CONSTRAINT chargers_barcode_check CHECK (barcode ~ '^[0-9]{4,6}$')`),
    );
    const chargers = createChargerRepository(testApp.database.db);
    const { inserted, seedMs, sample } = await seed(chargers);

    const token = (await testApp.login(DRIVER)).token;
    const list = async (encoding = 'gzip', payload: object = {}) => {
      const start = performance.now();
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/listChargers',
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding },
        payload,
      });
      const ms = performance.now() - start;
      if (response.statusCode !== 200)
        throw new Error(`listChargers answered ${response.statusCode}`);
      return { ms, response };
    };
    const answerOf = (response: { rawPayload: Buffer }) =>
      (JSON.parse(gunzipSync(response.rawPayload).toString()) as { data: ListChargersResponse })
        .data;

    const first = await list();

    const afterStatus: number[] = [];
    for (const [round, chargerId] of sample.entries()) {
      await chargers.recordStatus({
        chargerId,
        connectorNumber: 1,
        status: round % 2 === 0 ? 'Charging' : 'Available',
        errorCode: null,
        reportedAt: new Date(),
      });
      afterStatus.push((await list()).ms);
    }
    const afterOnline: number[] = [];
    for (const [round, chargerId] of sample.entries()) {
      await chargers.setCharger(chargerId, { online: round % 2 === 0 });
      afterOnline.push((await list()).ms);
    }
    const namesOnly = { field_filter: ['name'], populate: [] };
    await list('identity', namesOnly);
    const afterListingChange: number[] = [];
    const listingShown: number[] = [];
    for (const [round, chargerId] of sample.entries()) {
      const name = `Bench charger ${round}`;
      const changedAt = performance.now();
      await chargers.setCharger(chargerId, { name });
      afterListingChange.push((await list()).ms);
      // Watched on a names-only list, looked for in its plain bytes: fetching and parsing 16 MB
      // on every try would slow the very read it waits for.
      while (
        !(await list('identity', namesOnly)).response.rawPayload.includes(JSON.stringify(name))
      ) {
        await new Promise((done) => setTimeout(done, 50));
      }
      listingShown.push(performance.now() - changedAt);
    }

    // A bulk write (here of one charger, beyond the generated barcodes) reads the whole list again.
    const bulk = generateChargerNetwork({
      count: BULK_ROUNDS,
      seed: 200_000,
      firstBarcode: 100_000 + CHARGERS,
      barcodeDigits: 6,
      chargePointPrefix: 'BENCH-BULK-',
    });
    const duringBulkReread: number[] = [];
    const bulkShown: number[] = [];
    for (const added of bulk) {
      const changedAt = performance.now();
      await insertChargerNetwork(chargers, [added], null);
      const barcode = JSON.stringify(added.input.barcode);
      for (;;) {
        duringBulkReread.push((await list()).ms);
        if ((await list('identity', namesOnly)).response.rawPayload.includes(barcode)) break;
        await new Promise((done) => setTimeout(done, 50));
      }
      bulkShown.push(performance.now() - changedAt);
    }

    const warm: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) warm.push((await list()).ms);

    const gzip = (await list('gzip')).response;
    const plain = (await list('identity')).response;
    const answer = answerOf(gzip);
    if (answer.count < CHARGERS) throw new Error(`listed ${answer.count} chargers`);
    if (gunzipSync(gzip.rawPayload).length !== plain.rawPayload.length) {
      throw new Error('gzip answer differs from the plain one');
    }

    const cold = {
      afterStatus: summarise(afterStatus),
      afterOnline: summarise(afterOnline),
      afterListingChange: summarise(afterListingChange),
      duringBulkReread: summarise(duringBulkReread),
    };
    const warmSummary = summarise(warm);
    const within = (summary: Summary) => summary.p95Ms <= LIMIT_MS;
    return {
      database: databaseUrl ? 'postgresql' : 'pglite-memory',
      chargers: answer.count,
      generatedAndInsertedMs: Math.round(seedMs),
      inserted,
      firstMs: Math.round(first.ms),
      cold,
      listingShownMs: summarise(listingShown),
      bulkShownMs: summarise(bulkShown),
      warm: warmSummary,
      bytes: { json: plain.rawPayload.length, gzip: gzip.rawPayload.length },
      pass: {
        coldP95: Object.values(cold).every(within),
        warmP95: within(warmSummary),
        gzipSize: gzip.rawPayload.length <= LIMIT_GZIP_BYTES,
      },
    };
  } finally {
    await testApp.close();
  }
}

const results = [await measure(undefined)];
if (process.env.DATABASE_URL) results.push(await measure(process.env.DATABASE_URL));
console.log(
  JSON.stringify(
    {
      benchmark: 'list-chargers',
      limits: { ms: LIMIT_MS, gzipBytes: LIMIT_GZIP_BYTES },
      results,
      pass: results.every((result) => Object.values(result.pass).every(Boolean)),
    },
    null,
    2,
  ),
);
