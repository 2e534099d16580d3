import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chargeHistoryResponse, type ChargerView } from '@evc/contract';
import { chargingSessions } from '../../platform/db/schema.ts';
import { DRIVER, type TestApp } from '../../test/test-app.ts';
import { startTestBed, type TestBed } from '../../test/test-bed.ts';
import { userRow } from '../../test/test-users.ts';
import { createChargingSessionRepository } from '../sessions/charging-session-repository.ts';

let bed: TestBed;
let t: TestApp;
let usercode: string;
let yard: ChargerView;

/** Finished sessions of the driver starting at these instants (many share one). */
async function sessionsStartingAt(starts: Date[]): Promise<string[]> {
  const repository = createChargingSessionRepository(t.database.db);
  const ids: string[] = [];
  for (const [index, startedAt] of starts.entries()) {
    const id = `page-${index.toString().padStart(3, '0')}-${Math.random().toString(36).slice(2, 8)}`;
    ids.push(id);
    await repository.insert({
      id,
      userId: bed.driverId,
      chargerId: yard._id,
      connectorNumber: 1,
      idTag: id,
      source: 'CREDIT',
      intentId: null,
      state: 'finished',
      tariff: { standard_rate: 0.3, currency: 'GBP' },
      startDeadline: startedAt,
      startedAt,
      stoppedAt: new Date(startedAt.getTime() + 60_000),
      meterStartWh: 0,
      meterStopWh: 1000,
      lastEnergyWh: 1000,
      costTotal: 30,
      paymentStatus: 'debited',
      capturedMinor: 30,
    });
  }
  return ids;
}

/** Every page the app would load, as its infinite scroll does: startdate and lastid of the last. */
async function walkPages(limit: number): Promise<string[]> {
  const seen: string[] = [];
  let cursor: { startdate: string; lastid: string } | undefined;
  for (let page = 0; page < 500; page += 1) {
    const answer = await t.call('getChargeHistory', {
      token: bed.driver,
      body: { usercode, limit, ...cursor },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const items = chargeHistoryResponse.parse(answer.body.data);
    seen.push(...items.map((item) => item._id));
    const oldest = items.at(-1);
    if (items.length < limit || !oldest) return seen;
    cursor = { startdate: oldest.startdate, lastid: oldest._id };
  }
  throw new Error('paging did not end');
}

beforeAll(async () => {
  bed = await startTestBed();
  t = bed.t;
  usercode = (await userRow(t, DRIVER.email)).hrCode;
  yard = await bed.charger('CP-PAGE-YARD', '6301');
});

afterAll(() => bed.close());

describe('charge history pages', () => {
  test('walking the pages returns every session exactly once, newest first, whatever the ties', async () => {
    const base = Date.UTC(2026, 10, 1, 8);
    await fc.assert(
      fc.asyncProperty(
        // Few distinct start seconds for many sessions: most of them tie.
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 0, maxLength: 30 }),
        fc.integer({ min: 1, max: 7 }),
        async (seconds, limit) => {
          await t.database.db
            .delete(chargingSessions)
            .where(eq(chargingSessions.userId, bed.driverId));
          const starts = seconds.map((second) => new Date(base + second * 1000));
          const ids = await sessionsStartingAt(starts);
          const walked = await walkPages(limit);
          const startOf = new Map(ids.map((id, index) => [id, starts[index]?.getTime() ?? 0]));
          const expected = [...ids].sort(
            (a, b) => (startOf.get(b) ?? 0) - (startOf.get(a) ?? 0) || (a < b ? 1 : -1),
          );
          expect(walked).toEqual(expected);
        },
      ),
      { numRuns: 25 },
    );
  });

  test('a startdate alone still answers what started before it', async () => {
    await t.database.db.delete(chargingSessions).where(eq(chargingSessions.userId, bed.driverId));
    const instant = new Date(Date.UTC(2026, 10, 2, 9));
    const [early] = await sessionsStartingAt([new Date(instant.getTime() - 1000)]);
    await sessionsStartingAt([instant, instant]);
    const answer = await t.call('getChargeHistory', {
      token: bed.driver,
      body: { usercode, limit: 10, startdate: instant.toISOString() },
    });
    expect(chargeHistoryResponse.parse(answer.body.data).map((item) => item._id)).toEqual([early]);
  });
});
