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

beforeAll(async () => {
  ({ t } = await startChargerListApp());
  repository = createChargerRepository(t.database.db);
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
  test('heartbeats arriving together are all written; a charger that was offline is announced once', async () => {
    const [first = '', ...others] = ids;
    await repository.connection(first, false, new Date());
    for (const id of others) await repository.connection(id, true, new Date());
    const heard: ChargerChange[] = [];
    const stop = repository.watch((change) => heard.push(change));
    const at = new Date(Date.UTC(2026, 10, 26, 12, 0, 0));
    // Two beats of one charger, the older written last: the later instant is kept.
    await Promise.all([
      ...ids.map((id) => repository.heartbeat(id, at)),
      repository.heartbeat(first, new Date(at.getTime() - 5_000)),
      repository.heartbeat(others[0] ?? '', new Date(at.getTime() + 5_000)),
    ]);
    stop();
    const rows = new Map((await rowsOf(ids)).map((row) => [row.id, row]));
    expect(rows.get(first)).toMatchObject({ online: true, heard: at });
    expect(rows.get(others[0] ?? '')?.heard).toEqual(new Date(at.getTime() + 5_000));
    for (const id of others.slice(1))
      expect(rows.get(id)).toMatchObject({ online: true, heard: at });
    expect(heard).toEqual([{ scope: 'live', chargerId: first }]);
  });

  test('heartbeats keep being written one batch after another under a stream of beats', async () => {
    const beats = Array.from({ length: 60 }, (_, index) =>
      repository.heartbeat(
        ids[index % ids.length] ?? '',
        new Date(Date.UTC(2026, 10, 27, 0, 0, index)),
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
    await repository.connection(id, true, new Date());
    const heard: ChargerChange[] = [];
    const stop = repository.watch((change) => heard.push(change));
    const lost = new Date(Date.UTC(2030, 0, 1, 13, 0, 0));
    const back = new Date(Date.UTC(2030, 0, 1, 13, 5, 0));
    await repository.connection(id, false, lost);
    await repository.connection(id, true, back);
    await repository.connection(id, true, back);
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
