import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  chargerInput,
  listChargersRequest,
  listChargersResponse,
  tariffInput,
  type ChargerInput,
  type ListChargersResponse,
} from '@evc/contract';
import { createTestApp, DRIVER, OPERATOR, type TestApp } from '../../test/test-app.ts';
import { DEMO_NETWORK, generateChargerNetwork, insertChargerNetwork } from './demo-network.ts';
import { createUserRepository } from '../users/repository.ts';
import { createChargerList, type ChargerList } from './charger-list.ts';
import { createChargerRepository, type ChargerChange } from './repository.ts';
import { newChargerRow, storedTariff, toConnectors } from './service.ts';

let t: TestApp;
let driverToken: string;

const charger = (barcode: string, overrides: Partial<ChargerInput> = {}): ChargerInput => ({
  chargePointId: `CP-LIST-${barcode}`,
  barcode,
  name: `Charger ${barcode}`,
  address: 'Station Road',
  city: 'York',
  post_code: 'YO24 1AB',
  country: 'GB',
  lat: 53.9580123,
  lon: -1.0931987,
  connectors: [
    { connectornumber: 2, type: 'CCS', maxPowerKw: 50 },
    { connectornumber: 1, type: 'Type 2', maxPowerKw: 22 },
  ],
  tariff: { standard_rate: 0.45, currency: 'GBP' },
  ...overrides,
});

const list = async (body: unknown, token = driverToken) => t.call('listChargers', { token, body });
const data = (result: { body: { data?: unknown } }) => result.body.data as ListChargersResponse;

beforeAll(async () => {
  t = await createTestApp();
  const operatorToken = (await t.login(OPERATOR)).token;
  driverToken = (await t.login(DRIVER)).token;
  const provision = async (input: ChargerInput) => {
    const result = await t.call('operatorCreateCharger', { token: operatorToken, body: input });
    expect(result.status).toBe(200);
  };
  await provision(charger('7001'));
  await provision(charger('7002', { tariff: { standard_rate: 0, currency: 'GBP' } }));
  await provision(charger('7003', { home: true }));
  await provision(
    charger('7004', {
      connectors: [{ connectornumber: 1, type: 'CHAdeMO', maxPowerKw: 50 }],
      tariff: {
        standard_rate: 0,
        currency: 'GBP',
        variability: {
          twentyfourseven: true,
          regular_hours: [
            {
              weekday: 1,
              periods: Array.from({ length: 48 }, (_, period) => ({
                standard_rate: period === 40 ? 0.3 : 0,
                available: true,
              })),
            },
          ],
        },
      },
    }),
  );
  // 7001 is connected and reported its first connector Available.
  const repository = createChargerRepository(t.database.db);
  // Rows written before tariffs carried their free flag: free is worked out from their costs.
  for (const [barcode, rate] of [
    ['7005', 0],
    ['7006', 0.2],
  ] as const) {
    const input = chargerInput.parse(charger(barcode));
    const variability = {
      twentyfourseven: true,
      regular_hours: [
        {
          weekday: 3,
          periods: Array.from({ length: 48 }, () => ({ standard_rate: rate, available: true })),
        },
      ],
    };
    await repository.insert(
      {
        ...newChargerRow(input, {
          id: `unflagged-${barcode}`,
          passwordHash: null,
          operatorId: null,
        }),
        tariff: tariffInput.parse({ standard_rate: 0, currency: 'GBP', variability }),
      },
      toConnectors(input.connectors),
    );
  }
  const found = await repository.findByBarcode('7001');
  if (!found) throw new Error('7001 missing');
  await repository.setCharger(found.charger.id, { online: true });
  await repository.recordStatus({
    chargerId: found.charger.id,
    connectorNumber: 1,
    status: 'Available',
    errorCode: null,
    reportedAt: new Date(),
  });
});
afterAll(() => t.close());

describe('/listChargers', () => {
  test('answers every public charger as columns, connectors by number, coordinates to 5 places', async () => {
    const result = await list({});
    expect(result.status).toBe(200);
    const answer = data(result);
    // The answer is sent as bytes encoded once, so the contract is checked here.
    expect(listChargersResponse.safeParse(answer).success).toBe(true);
    const at = answer.barcode.indexOf('7001');
    expect(at).toBeGreaterThanOrEqual(0);
    expect(answer.count).toBe(answer.barcode.length);
    expect(answer.name?.[at]).toBe('Charger 7001');
    expect(answer.lat?.[at]).toBe(53.95801);
    expect(answer.lon?.[at]).toBe(-1.0932);
    expect(answer.city?.[at]).toBe('York');
    expect(answer.post_code?.[at]).toBe('YO24 1AB');
    expect(answer.address?.[at]).toBe('Station Road');
    expect(answer.online?.[at]).toBe(true);
    expect(answer.connectors?.[at]).toEqual([
      [1, 'Type 2', 'Available'],
      [2, 'CCS', 'Unknown'],
    ]);
    for (const column of ['name', 'lat', 'lon', 'online', 'free', 'connectors'] as const) {
      expect(answer[column]).toHaveLength(answer.count);
    }
  });

  test('free follows spec 001 §5: a zero tariff is free, one paid half-hour is not', async () => {
    const answer = data(await list({ field_filter: ['free'] }));
    const free = (barcode: string) => answer.free?.[answer.barcode.indexOf(barcode)];
    expect(free('7001')).toBe(false);
    expect(free('7002')).toBe(true);
    expect(free('7004')).toBe(false);
    expect(free('7005')).toBe(true);
    expect(free('7006')).toBe(false);
  });

  test('home chargers are private and never listed', async () => {
    expect(data(await list({})).barcode).not.toContain('7003');
  });

  test('field_filter picks columns; populate [] leaves connectors out', async () => {
    const answer = data(await list({ field_filter: ['name', 'online'], populate: [] }));
    expect(Object.keys(answer).sort()).toEqual(['barcode', 'count', 'name', 'online']);
  });

  test('toggles.offline false leaves offline chargers out', async () => {
    const answer = data(await list({ toggles: { offline: false } }));
    expect(answer.barcode).toEqual(['7001']);
    expect(answer.count).toBe(1);
    expect(answer.connectors).toHaveLength(1);
  });

  test('a changed charger shows in the very next list', async () => {
    const repository = createChargerRepository(t.database.db);
    const found = await repository.findByBarcode('7002');
    if (!found) throw new Error('7002 missing');
    const nameOf7002 = async () => {
      const answer = data(await list({ field_filter: ['name'] }));
      return answer.name?.[answer.barcode.indexOf('7002')];
    };
    expect(await nameOf7002()).toBe('Charger 7002');
    await repository.setCharger(found.charger.id, { name: 'Renamed' });
    expect(await nameOf7002()).toBe('Renamed');
    await repository.setCharger(found.charger.id, { name: 'Charger 7002' });
    expect(await nameOf7002()).toBe('Charger 7002');
  });

  test('a status or online change is patched into the very next list; heartbeats change nothing', async () => {
    const repository = createChargerRepository(t.database.db);
    const found = await repository.findByBarcode('7001');
    if (!found) throw new Error('7001 missing');
    const heard: ChargerChange[] = [];
    const stop = repository.watch((change) => heard.push(change));
    await list({});
    await repository.setCharger(found.charger.id, { online: true, lastHeartbeatAt: new Date() });
    expect(heard).toEqual([]);
    await repository.recordStatus({
      chargerId: found.charger.id,
      connectorNumber: 2,
      status: 'Charging',
      errorCode: null,
      reportedAt: new Date(),
    });
    // A report older than the current status is kept in the history only.
    await repository.recordStatus({
      chargerId: found.charger.id,
      connectorNumber: 2,
      status: 'Preparing',
      errorCode: null,
      reportedAt: new Date(Date.now() - 60_000),
    });
    expect(heard).toEqual([{ scope: 'live', chargerId: found.charger.id }]);
    const answer = data(await list({ field_filter: ['online'] }));
    expect(answer.connectors?.[answer.barcode.indexOf('7001')]).toEqual([
      [1, 'Type 2', 'Available'],
      [2, 'CCS', 'Charging'],
    ]);
    expect(data(await list({ toggles: { offline: false } })).barcode).toEqual(['7001']);
    await repository.setCharger(found.charger.id, { online: false });
    expect(heard).toHaveLength(2);
    expect(data(await list({ toggles: { offline: false } }))).toMatchObject({
      count: 0,
      barcode: [],
      connectors: [],
    });
    const all = data(await list({}));
    expect(all.online?.[all.barcode.indexOf('7001')]).toBe(false);
    await repository.setCharger(found.charger.id, { online: true });
    expect(data(await list({ toggles: { offline: false } }))).toMatchObject({
      count: 1,
      barcode: ['7001'],
    });
    stop();
  });

  test('an unknown permission is a 400 naming permission_name', async () => {
    const result = await list({ permission_name: 'CHARGER_TELEPORT' });
    expect(result.status).toBe(400);
    expect(result.body.message).toContain('permission_name');
  });

  test('a known permission the driver does not hold is a 403', async () => {
    const result = await list({ permission_name: 'OPERATOR' });
    expect(result.status).toBe(403);
    expect(result.body.message).toContain('permission_name');
  });

  test('an unknown field is a 400 naming field_filter', async () => {
    const result = await list({ field_filter: ['name', 'password_hash'] });
    expect(result.status).toBe(400);
    expect(result.body.message).toContain('field_filter');
  });

  test('without a token the call is refused with 401', async () => {
    const result = await t.call('listChargers', { body: {} });
    expect(result.status).toBe(401);
  });

  test('the answer is gzipped when the client takes gzip, plain otherwise', async () => {
    const network = generateChargerNetwork({ ...DEMO_NETWORK, count: 50, firstBarcode: 8000 });
    await insertChargerNetwork(createChargerRepository(t.database.db), network, null);
    const fetchList = (encoding: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/listChargers',
        headers: { authorization: `Bearer ${driverToken}`, 'accept-encoding': encoding },
        payload: {},
      });
    // The list is read again in the background after chargers are added.
    await expect
      .poll(
        async () => {
          const answer = await fetchList('gzip');
          return (
            JSON.parse(gunzipSync(answer.rawPayload).toString()) as { data: ListChargersResponse }
          ).data.barcode;
        },
        { interval: 20 },
      )
      .toContain('8049');
    // Brotli would have to be made again whole at every status change; gzip is patched in place.
    const gzip = await fetchList('br, gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await fetchList('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });
});

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
      const input = chargerInput.parse(charger(barcode));
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
    const added = chargerInput.parse(charger('7990'));
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
    ]);
    list.close();
  });
});
