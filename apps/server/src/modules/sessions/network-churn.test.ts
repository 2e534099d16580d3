import { eq, inArray } from 'drizzle-orm';
import { ChargePointSimulator } from '@evc/charger-sim';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TransactionView } from '@evc/contract';
import { chargingSessions, ocppMeterValues } from '../../platform/db/schema.ts';
import type { TestApp } from '../../test/test-app.ts';
import { startTestBed, type TestBed } from '../../test/test-bed.ts';
import { sandboxHold } from '../../test/test-payments.ts';
import { remoteStart, remoteStop, sessionView } from '../../test/test-sessions.ts';
import { until } from '../../test/test-users.ts';
import { energyAt45p } from './test-support.ts';

/** Chargers in the run: a few hundred, each with one session. */
const CHARGERS = Number(process.env.CHURN_CHARGERS ?? 300);
const ABANDON_MS = 2000;

let bed: TestBed;
let t: TestApp;
let driver: string;

beforeAll(async () => {
  bed = await startTestBed({
    // Starts keep the default time-out: on a loaded machine a start may take seconds.
    sessions: { abandonAfterMs: ABANDON_MS },
    // The chargers and the server share one busy event loop here: keep-alive pings as in
    // production, not the other tests' short ones that would take a slow pong for a dead link.
    ocpp: { heartbeatSeconds: 60, pingIntervalMs: 30_000 },
  });
  ({ t, driver } = bed);
});

const sims: ChargePointSimulator[] = [];

afterAll(async () => {
  for (const sim of sims) await sim.stop();
  await bed.close();
});

/** Runs `work` over `items`, `width` at a time. */
async function inBatches<T, R>(items: T[], width: number, work: (item: T) => Promise<R>) {
  const results: R[] = [];
  for (let index = 0; index < items.length; index += width) {
    results.push(...(await Promise.all(items.slice(index, index + width).map(work))));
  }
  return results;
}

interface Run {
  sim: ChargePointSimulator;
  sessionId: string;
  intentId: string;
  /** Half the chargers stop their sessions; the other half vanish mid-session for good. */
  vanishes: boolean;
}

describe('a network of chargers that start, meter, stop or vanish', () => {
  test(
    'every session ends, every hold is captured or released once, and costs match the meters',
    { timeout: 900_000 },
    async () => {
      const runs = await inBatches(
        Array.from({ length: CHARGERS }, (_, index) => index),
        20,
        async (index): Promise<Run> => {
          const id = `CP-CHURN-${index}`;
          const charger = await bed.charger(id, String(8000 + index));
          // A sample a second per charger (the network's load), each a tenth of a kWh.
          const sim = new ChargePointSimulator({
            url: `ws://${bed.base}/ocpp`,
            chargePointId: id,
            connectors: 1,
            meterIntervalMs: 1000,
            maxPowerW: 360_000,
            rampSeconds: 0.01,
            batteryWh: 10_000_000,
          });
          sims.push(sim);
          await sim.start();
          const { intentId } = await sandboxHold(t, driver, charger._id);
          const started = await remoteStart(t, driver, {
            chargerid: charger._id,
            connectorid: 1,
            source: 'PAYG',
            intent_id: intentId,
          });
          return { sim, sessionId: started._id, intentId, vanishes: index % 2 === 1 };
        },
      );

      // Every session draws energy, then ends one way or the other.
      await inBatches(runs, 20, async (run) => {
        await until(
          () => sessionView(t, driver, run.sessionId),
          (view) => view.kWh > 0.05,
        );
        if (run.vanishes) await run.sim.stop();
        else await remoteStop(t, driver, run.sessionId);
      });

      const ended = new Map<string, TransactionView>();
      await until(
        async () => {
          for (const run of runs) {
            if (ended.has(run.sessionId)) continue;
            const view = await sessionView(t, driver, run.sessionId);
            if (view.state === 'finished' && !['none', 'held'].includes(view.payment.status))
              ended.set(run.sessionId, view);
          }
          return ended.size;
        },
        (size) => size === runs.length,
        600_000,
      );

      const rows = await t.database.db
        .select()
        .from(chargingSessions)
        .where(
          inArray(
            chargingSessions.id,
            runs.map((run) => run.sessionId),
          ),
        );
      for (const run of runs) {
        const view = ended.get(run.sessionId);
        const row = rows.find((candidate) => candidate.id === run.sessionId);
        if (!view || !row || row.transactionId === null) throw new Error('session not found');
        expect(view.endReason).toBe(run.vanishes ? 'charger-offline' : null);
        // The cost is the tariff's for the metered energy: the stop's reading, or the last one
        // received from a charger that vanished.
        const samples = await t.database.db
          .select({ energyWh: ocppMeterValues.energyWh })
          .from(ocppMeterValues)
          .where(eq(ocppMeterValues.transactionId, row.transactionId));
        const lastReading = Math.max(...samples.map((sample) => sample.energyWh ?? 0));
        const metered = (row.meterStopWh ?? 0) - (row.meterStartWh ?? 0);
        if (run.vanishes) expect(row.meterStopWh).toBe(lastReading);
        expect(view.data.cost.applied_cost.total).toBe(energyAt45p(metered));
        // Captured once, for the cost; the rest of the hold released.
        expect(view.payment).toEqual({
          held: 3000,
          captured: view.data.cost.applied_cost.total,
          status: 'captured',
        });
        const intent = await t.call('sandboxGetPaymentIntent', {
          token: driver,
          params: { id: run.intentId },
        });
        expect(intent.body.data).toMatchObject({
          status: 'succeeded',
          amount_received: view.data.cost.applied_cost.total,
          amount_capturable: 0,
        });
      }
    },
  );
});
