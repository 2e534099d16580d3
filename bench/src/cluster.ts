// Clustering 100,000 chargers with the app's supercluster options (what its Web Worker runs):
// index load plus the first getClusters of the whole UK, against the 1 s budget. Then a batch of
// pushed statuses as the map handles one: the page works out which chargers changed (main thread),
// the worker recounts their clusters without loading the index again and answers the view.
import { performance } from 'node:perf_hooks';
import type { ChargerLiveEvent, ListedConnector } from '@evc/contract';
import {
  chargerDirectory,
  type LiveOverlay,
} from '../../apps/driver/src/features/chargers/charger-directory.ts';
import {
  availabilityByPosition,
  availabilityChanges,
} from '../../apps/driver/src/features/chargers/cluster-availability.ts';
import {
  buildClusterIndex,
  clustersIn,
  CLUSTER_OPTIONS,
  updateAvailability,
} from '../../apps/driver/src/features/chargers/cluster-index.ts';

const COUNT = Number(process.env.BENCH_CHARGERS ?? 100_000);
const BATCH = Number(process.env.BENCH_STATUS_BATCH ?? 1_000);
/** Statuses already pushed since the list was read: the overlay a batch is compared with. */
const EARLIER = Math.min(COUNT, 20_000);
const BUDGET_MS = 1000;
/** A status batch is handled on the main thread within one frame. */
const BATCH_BUDGET_MS = 16;
const UK: [number, number, number, number] = [-8, 49.5, 2, 59];

let state = 7;
const next = () => {
  state = (state * 1_664_525 + 1_013_904_223) >>> 0;
  return state / 2 ** 32;
};
const lats = new Float64Array(COUNT);
const lons = new Float64Array(COUNT);
const positions = new Uint32Array(COUNT);
const barcode: string[] = [];
const connectors: ListedConnector[][] = [];
for (let position = 0; position < COUNT; position += 1) {
  lats[position] = 50 + next() * 8.5;
  lons[position] = -5.5 + next() * 7.2;
  positions[position] = position;
  barcode.push(String(100_000 + position));
  connectors.push([
    [1, 'Type 2', next() < 0.5 ? 'Available' : 'Charging'],
    [2, 'CCS', 'Charging'],
  ]);
}
const directory = chargerDirectory({
  count: COUNT,
  barcode,
  lat: [...lats],
  lon: [...lons],
  connectors,
});

const statusOf = (position: number, free: boolean): ChargerLiveEvent => ({
  barcode: barcode[position] ?? '',
  online: true,
  connectors: [
    { connectornumber: 1, status: free ? 'Available' : 'Charging', at: null, inTransaction: !free },
  ],
});
const earlier = new Map<string, ChargerLiveEvent>();
for (let at = 0; at < EARLIER; at += 1) {
  const position = Math.floor(next() * COUNT);
  earlier.set(barcode[position] ?? '', statusOf(position, next() < 0.5));
}

const availableStart = performance.now();
const available = availabilityByPosition(directory, positions, earlier);
const availabilityAtLoadMs = performance.now() - availableStart;

const start = performance.now();
const index = buildClusterIndex(lons, lats, positions, available);
const loadMs = performance.now() - start;
const firstStart = performance.now();
const ukView = clustersIn(index, UK, 5);
const firstClustersMs = performance.now() - firstStart;
const totalMs = loadMs + firstClustersMs;

const zoomStart = performance.now();
const cityView = clustersIn(index, [-1.65, 53.75, -1.45, 53.85], 13);
const zoomedMs = performance.now() - zoomStart;

// Flushes of pushed statuses, BATCH chargers each, laid over the ones before; the first is timed
// apart (code not yet compiled), then the median of the rest.
const BATCHES = 6;
const batchTimes: { mainThreadMs: number; workerUpdateMs: number; workerClustersMs: number }[] = [];
let before: LiveOverlay = earlier;
let changed = 0;
let ukAfter = ukView;
for (let round = 0; round < BATCHES; round += 1) {
  const after = new Map(before);
  for (let at = 0; at < BATCH; at += 1) {
    const position = Math.floor(next() * COUNT);
    after.set(barcode[position] ?? '', statusOf(position, next() < 0.5));
  }
  const changesStart = performance.now();
  const changes = availabilityChanges(directory, before, after);
  const mainThreadMs = performance.now() - changesStart;
  const updateStart = performance.now();
  updateAvailability(index, changes.positions, changes.available);
  const workerUpdateMs = performance.now() - updateStart;
  const viewStart = performance.now();
  ukAfter = clustersIn(index, UK, 5);
  batchTimes.push({
    mainThreadMs,
    workerUpdateMs,
    workerClustersMs: performance.now() - viewStart,
  });
  changed += changes.positions.length;
  before = after;
}
const median = (key: keyof (typeof batchTimes)[number]) => {
  const sorted = batchTimes
    .slice(1)
    .map((times) => times[key])
    .sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const batchMainThreadMs = median('mainThreadMs');

const freeIn = (view: typeof ukView) =>
  view.reduce((sum, entry) => sum + (entry.kind === 'cluster' ? entry.available : 0), 0);
const round = (value: number) => Math.round(value * 100) / 100;
console.log(
  JSON.stringify({
    bench: 'cluster',
    points: COUNT,
    options: CLUSTER_OPTIONS,
    loadMs: round(loadMs),
    firstClustersMs: round(firstClustersMs),
    totalMs: round(totalMs),
    clustersAtZoom5: ukView.length,
    zoom13Ms: round(zoomedMs),
    featuresAtZoom13: cityView.length,
    budgetMs: BUDGET_MS,
    withinBudget: totalMs <= BUDGET_MS,
    availabilityAtLoadMs: round(availabilityAtLoadMs),
    statusBatch: {
      events: BATCH,
      batches: BATCHES,
      earlierEvents: earlier.size,
      changedChargers: changed,
      firstMainThreadMs: round(batchTimes[0]?.mainThreadMs ?? 0),
      mainThreadMs: round(batchMainThreadMs),
      workerUpdateMs: round(median('workerUpdateMs')),
      workerClustersMs: round(median('workerClustersMs')),
      freeAtZoom5Before: freeIn(ukView),
      freeAtZoom5After: freeIn(ukAfter),
      mainThreadBudgetMs: BATCH_BUDGET_MS,
      withinBudget: batchMainThreadMs <= BATCH_BUDGET_MS,
    },
  }),
);
