// Clustering 100,000 chargers with the app's supercluster options (what its Web Worker runs):
// index load plus the first getClusters of the whole UK, against the 1 s budget.
import { performance } from 'node:perf_hooks';
import {
  buildClusterIndex,
  clustersIn,
  CLUSTER_OPTIONS,
} from '../../apps/driver/src/features/chargers/cluster-index.ts';

const COUNT = Number(process.env.BENCH_CHARGERS ?? 100_000);
const BUDGET_MS = 1000;

let state = 7;
const next = () => {
  state = (state * 1_664_525 + 1_013_904_223) >>> 0;
  return state / 2 ** 32;
};
const lats = new Float64Array(COUNT);
const lons = new Float64Array(COUNT);
const positions = new Uint32Array(COUNT);
for (let position = 0; position < COUNT; position += 1) {
  lats[position] = 50 + next() * 8.5;
  lons[position] = -5.5 + next() * 7.2;
  positions[position] = position;
}

const start = performance.now();
const index = buildClusterIndex(lons, lats, positions);
const loadMs = performance.now() - start;
const firstStart = performance.now();
const ukView = clustersIn(index, [-8, 49.5, 2, 59], 5);
const firstClustersMs = performance.now() - firstStart;
const totalMs = loadMs + firstClustersMs;

const zoomStart = performance.now();
const cityView = clustersIn(index, [-1.65, 53.75, -1.45, 53.85], 13);
const zoomedMs = performance.now() - zoomStart;

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
  }),
);
