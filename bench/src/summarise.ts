export interface Summary {
  calls: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  perSecond: number;
}

/** Percentiles of latency samples in milliseconds, rounded to 0.01 ms. */
export function summarise(samples: number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (fraction: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
  const total = samples.reduce((sum, value) => sum + value, 0);
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    calls: samples.length,
    p50Ms: round(at(0.5)),
    p95Ms: round(at(0.95)),
    maxMs: round(sorted.at(-1) ?? 0),
    perSecond: round((samples.length / total) * 1000),
  };
}
