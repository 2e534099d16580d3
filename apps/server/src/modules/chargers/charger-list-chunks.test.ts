import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  chargerInput,
  listChargersRequest,
  tariffInput,
  type ListChargersResponse,
} from '@evc/contract';
import { DRIVER, type TestApp } from '../../test/test-app.ts';
import { createUserRepository } from '../users/repository.ts';
import { createChargerList, type ChargerList } from './charger-list.ts';
import { DEMO_NETWORK, generateChargerNetwork, insertChargerNetwork } from './demo-network.ts';
import { createChargerRepository } from './repository.ts';
import { newChargerRow, storedTariff, toConnectors } from './service.ts';
import { listedCharger, startChargerListApp } from './test-support.ts';

let t: TestApp;

beforeAll(async () => {
  ({ t } = await startChargerListApp());
  // Fifty more chargers, so a read of the list runs over many pages while reports land.
  const network = generateChargerNetwork({ ...DEMO_NETWORK, count: 50, firstBarcode: 8000 });
  await insertChargerNetwork(createChargerRepository(t.database.db), network, null);
});
afterAll(() => t.close());

/** The repositories a charger list reads, and the demo driver's sign-in as the list sees it. */
async function driverListing() {
  const repository = createChargerRepository(t.database.db);
  const users = createUserRepository(t.database.db);
  const driver = await users.findByEmail(DRIVER.email);
  if (!driver) throw new Error('no demo driver');
  const auth = { userId: driver.id, sessionId: 's', scope: 'full' as const, expiresAt: new Date() };
  return { repository, users, auth };
}

describe('the list kept in small chunks', () => {
  test('after any mix of status and online changes it answers what a list read afresh answers', async () => {
    const { repository: chargers, users, auth } = await driverListing();
    // Two chargers a chunk and three a page: every chunk edge and page edge is crossed.
    const patched = createChargerList({ chargers, users, chunkRows: 2, pageSize: 3 });
    const variants = [
      { toggles: { offline: true } },
      { toggles: { offline: false } },
      { toggles: { offline: false }, field_filter: ['name', 'online'] as const, populate: [] },
    ].map((body) => listChargersRequest.parse(body));
    const read = async (list: ChargerList, input: (typeof variants)[number]) => {
      const gzipped = (await list.list(auth, input)).bytes('gzip');
      return JSON.parse(gunzipSync(gzipped).toString()) as { data: ListChargersResponse };
    };
    for (const input of variants) await read(patched, input);

    const listed = await chargers.listPublic();
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let round = 0; round < 12; round += 1) {
      for (let change = 0; change < 3; change += 1) {
        const row = listed[Math.floor(random() * listed.length)];
        if (!row) continue;
        if (random() < 0.5) await chargers.setCharger(row.id, { online: random() < 0.5 });
        else {
          await chargers.recordStatus({
            chargerId: row.id,
            connectorNumber: 1,
            status: random() < 0.5 ? 'Charging' : 'Available',
            errorCode: null,
            reportedAt: new Date(),
          });
        }
      }
      const fresh = createChargerList({ chargers, users });
      for (const input of variants) {
        expect(await read(patched, input)).toEqual(await read(fresh, input));
      }
      fresh.close();
    }
    patched.close();
  });

  test('chargers added, changed, moved and removed are patched in: the bytes a fresh read gives', async () => {
    const { repository, users, auth } = await driverListing();
    // Whole reads have no `ids`: counted to show that one charger's change reads only that one.
    let wholeReads = 0;
    const chargers: typeof repository = {
      ...repository,
      listPublic: (select = {}) => {
        if (!select.ids) wholeReads += 1;
        return repository.listPublic(select);
      },
    };
    // Two chargers a chunk: added chargers grow a chunk until it is cut in two.
    const patched = createChargerList({ chargers, users, chunkRows: 2 });
    const variants = [
      { toggles: { offline: true } },
      { toggles: { offline: false } },
      { field_filter: ['name', 'free'] as const, populate: [] },
    ].map((body) => listChargersRequest.parse(body));
    const plain = async (list: ChargerList, input: (typeof variants)[number]) =>
      gunzipSync((await list.list(auth, input)).bytes('gzip')).toString();
    const expectFresh = async () => {
      const fresh = createChargerList({ chargers: repository, users });
      for (const input of variants) {
        expect(await plain(patched, input)).toBe(await plain(fresh, input));
      }
      fresh.close();
    };
    for (const input of variants) await plain(patched, input);
    const readsAtFirst = wholeReads;

    const add = async (barcode: string) => {
      const input = chargerInput.parse(listedCharger(barcode));
      const row = newChargerRow(input, {
        id: `patch-${barcode}`,
        passwordHash: null,
        operatorId: null,
      });
      expect(await repository.insert(row, toConnectors(input.connectors))).toBe(true);
      return row.id;
    };
    // First, in the middle and last in barcode order.
    const middle = await add('7500');
    await expectFresh();
    await add('1000');
    await add('9990');
    await expectFresh();
    await repository.setCharger(middle, { online: true });
    await expectFresh();
    await repository.update(middle, {
      name: 'Patched name',
      tariff: storedTariff(tariffInput.parse({ standard_rate: 0, currency: 'GBP' })),
    });
    await expectFresh();
    await repository.update(
      middle,
      {},
      toConnectors([{ connectornumber: 1, type: 'CHAdeMO', maxPowerKw: 50 }]),
    );
    await expectFresh();
    // A new barcode moves the charger; then it leaves the list.
    await repository.update(middle, { barcode: '9995' });
    await expectFresh();
    expect(await repository.remove(middle)).toBe(true);
    await expectFresh();
    // Several at the end between two lists: the last chunk grows past twice its size and is cut.
    for (const barcode of ['9991', '9992', '9993', '9994', '9996', '9997']) await add(barcode);
    await expectFresh();
    // A home charger is private: made one, it leaves the public list.
    await repository.update('patch-9992', { home: true });
    for (const barcode of ['9991', '9993', '9994'])
      expect(await repository.remove(`patch-${barcode}`)).toBe(true);
    await expectFresh();
    expect(wholeReads).toBe(readsAtFirst);
    patched.close();
  });

  test('a status reported while the list is read again is in the list that read gives', async () => {
    const chargers = createChargerRepository(t.database.db);
    const users = createUserRepository(t.database.db);
    const driver = await users.findByEmail(DRIVER.email);
    const found = await chargers.findByBarcode('7001');
    if (!driver || !found) throw new Error('fixtures missing');
    const auth = {
      userId: driver.id,
      sessionId: 's',
      scope: 'full' as const,
      expiresAt: new Date(),
    };
    // A page a charger: the read again takes many queries, and the report lands amid them.
    const list = createChargerList({ chargers, users, pageSize: 1 });
    const added = chargerInput.parse(listedCharger('7990'));
    const row = newChargerRow(added, { id: 'bulk-7990', passwordHash: null, operatorId: null });
    const input = listChargersRequest.parse({});
    const read = async () =>
      (
        JSON.parse(gunzipSync((await list.list(auth, input)).bytes('gzip')).toString()) as {
          data: ListChargersResponse;
        }
      ).data;
    await read();
    // Many chargers at once (here one, through the bulk write) have the whole list read again.
    await chargers.insertMany([{ charger: row, connectors: toConnectors(added.connectors) }]);
    await chargers.recordStatus({
      chargerId: found.charger.id,
      connectorNumber: 1,
      status: 'Faulted',
      errorCode: 'GroundFailure',
      reportedAt: new Date(),
    });
    // Served before the read ends too: the report is patched into the previous list.
    const before = await read();
    expect(before.connectors?.[before.barcode.indexOf('7001')]?.[0]).toEqual([
      1,
      'Type 2',
      'Faulted',
      22,
    ]);
    await expect
      .poll(
        async () => {
          const answer = await read();
          return answer.barcode.includes('7990');
        },
        { interval: 20 },
      )
      .toBe(true);
    const after = await read();
    expect(after.connectors?.[after.barcode.indexOf('7001')]?.[0]).toEqual([
      1,
      'Type 2',
      'Faulted',
      22,
    ]);
    list.close();
  });
});
