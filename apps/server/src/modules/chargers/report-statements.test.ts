import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import { chargers, connectorStatusHistory } from '../../platform/db/schema.ts';
import type { TestApp } from '../../test/test-app.ts';
import {
  createChargerRepository,
  type ChargerChange,
  type ChargerRepository,
} from './repository.ts';
import { startChargerListApp } from './test-support.ts';

let t: TestApp;
let repository: ChargerRepository;
let ids: string[];
/** The connection owning each charger, on a node of the test's own. */
const epochs = new Map<string, number>();
const NODE = 'report-statements-node';

const claim = async (id: string, at = new Date()) => {
  const claimed = await repository.claimCharger(id, NODE, at);
  if (!claimed) throw new Error('not claimed');
  epochs.set(id, claimed.epoch);
  return claimed.epoch;
};
const epochOf = (id: string) => epochs.get(id) ?? -1;

beforeAll(async () => {
  ({ t } = await startChargerListApp());
  repository = createChargerRepository(t.database.db);
  await repository.announceNode({ id: NODE, host: 'test', pid: 1 }, 600);
  ids = [];
  for (const barcode of ['7001', '7002', '7004', '7005', '7006']) {
    const found = await repository.findByBarcode(barcode);
    if (!found) throw new Error(`${barcode} missing`);
    ids.push(found.charger.id);
  }
});
afterAll(() => t.close());

const rowsOf = (chargerIds: string[]) =>
  t.database.db
    .select({ id: chargers.id, online: chargers.online, heard: chargers.lastHeartbeatAt })
    .from(chargers)
    .where(inArray(chargers.id, chargerIds));

describe("a charger's reports, one statement each", () => {
  test('heartbeats arriving together are all written, over the connections owning their chargers only', async () => {
    const [first = '', ...others] = ids;
    for (const id of ids) await claim(id);
    // The first charger's connection was lost: a beat still heard over it writes nothing.
    await repository.releaseCharger(first, epochOf(first), new Date());
    const heard: ChargerChange[] = [];
    const stop = repository.watch((change) => heard.push(change));
    const at = new Date(Date.UTC(2026, 10, 26, 12, 0, 0));
    // Two beats of one charger, the older written last: the later instant is kept.
    const written = await Promise.all([
      ...ids.map((id) => repository.heartbeat(id, at, epochOf(id))),
      repository.heartbeat(
        others[0] ?? '',
        new Date(at.getTime() + 5_000),
        epochOf(others[0] ?? ''),
      ),
    ]);
    stop();
    expect(written).toEqual([false, true, true, true, true, true]);
    const rows = new Map((await rowsOf(ids)).map((row) => [row.id, row]));
    expect(rows.get(first)).toMatchObject({ online: false });
    expect(rows.get(first)?.heard).not.toEqual(at);
    expect(rows.get(others[0] ?? '')?.heard).toEqual(new Date(at.getTime() + 5_000));
    for (const id of others.slice(1))
      expect(rows.get(id)).toMatchObject({ online: true, heard: at });
    // A beat changes nothing a live view shows.
    expect(heard).toEqual([]);
    await claim(first);
  });

  test('heartbeats keep being written one batch after another under a stream of beats', async () => {
    const beats = Array.from({ length: 60 }, (_, index) =>
      repository.heartbeat(
        ids[index % ids.length] ?? '',
        new Date(Date.UTC(2026, 10, 27, 0, 0, index)),
        epochOf(ids[index % ids.length] ?? ''),
      ),
    );
    await Promise.all(beats);
    const rows = await rowsOf(ids);
    // The last beat of each charger is the one kept.
    for (const row of rows) {
      const last = 55 + ids.indexOf(row.id);
      expect(row.heard).toEqual(new Date(Date.UTC(2026, 10, 27, 0, 0, last)));
    }
  });

  test('a connection lost and back: the flag, one history line per connector, announced on a flip only', async () => {
    const [id = ''] = ids;
    const before = await claim(id);
    const heard: ChargerChange[] = [];
    const stop = repository.watch((change) => heard.push(change));
    const lost = new Date(Date.UTC(2030, 0, 1, 13, 0, 0));
    const back = new Date(Date.UTC(2030, 0, 1, 13, 5, 0));
    expect(await repository.releaseCharger(id, before, lost)).toBe(true);
    const again = await claim(id, back);
    // A later connection: it owns the charger, and the earlier one's loss writes nothing.
    expect(await claim(id, back)).toBeGreaterThan(again);
    expect(await repository.releaseCharger(id, again, back)).toBe(false);
    stop();
    expect(heard).toEqual([
      { scope: 'live', chargerId: id },
      { scope: 'live', chargerId: id },
    ]);
    const history = await t.database.db
      .select({
        connector: connectorStatusHistory.connectorNumber,
        status: connectorStatusHistory.status,
        at: connectorStatusHistory.reportedAt,
      })
      .from(connectorStatusHistory)
      .where(eq(connectorStatusHistory.chargerId, id))
      .orderBy(asc(connectorStatusHistory.id));
    const since = history.filter((line) => line.at >= lost);
    // 7001 has two connectors: Offline for both when lost, their statuses again when back.
    expect(since.slice(0, 2).map((line) => [line.connector, line.status])).toEqual([
      [1, 'Offline'],
      [2, 'Offline'],
    ]);
    expect(since.slice(2, 4).map((line) => line.status)).not.toContain('Offline');
    expect((await rowsOf([id]))[0]?.online).toBe(true);
  });
});
