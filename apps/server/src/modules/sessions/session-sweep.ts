import type { SessionServiceDeps } from './session-service-deps.ts';

/** One job of the sweep, and what the log says when it fails. */
export type SweepWork = readonly [work: () => Promise<void>, failure: string];

/**
 * Runs the jobs one after another every `intervalMs`, never two sweeps at once. Pending sessions
 * past their deadline, settlements left undone and overstays waiting for the unplug, wherever
 * they began (another node, before a restart), are found by the database, not by timers kept in
 * memory.
 */
export function startSessionSweep(
  deps: Pick<SessionServiceDeps, 'log'>,
  jobs: readonly SweepWork[],
  intervalMs: number,
) {
  let sweeping = false;
  async function sweepOnce() {
    if (sweeping) return;
    sweeping = true;
    try {
      for (const [work, failure] of jobs) {
        await work().catch((error: unknown) => deps.log.warn({ error: String(error) }, failure));
      }
    } finally {
      sweeping = false;
    }
  }
  const sweep = setInterval(() => void sweepOnce(), intervalMs);
  sweep.unref();
  return {
    stop: () => clearInterval(sweep),
  };
}
