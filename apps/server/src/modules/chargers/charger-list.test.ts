import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { listChargersResponse, type ListChargersResponse } from '@evc/contract';
import type { TestApp } from '../../test/test-app.ts';
import { DEMO_NETWORK, generateChargerNetwork, insertChargerNetwork } from './demo-network.ts';
import { createChargerRepository, type ChargerChange } from './repository.ts';
import { startChargerListApp } from './test-support.ts';

let t: TestApp;
let driverToken: string;

const list = async (body: unknown, token = driverToken) => t.call('listChargers', { token, body });
const data = (result: { body: { data?: unknown } }) => result.body.data as ListChargersResponse;

beforeAll(async () => {
  ({ t, driverToken } = await startChargerListApp());
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
    // Each connector with its maximum power, so the app shows the fastest (issue 19).
    expect(answer.connectors?.[at]).toEqual([
      [1, 'Type 2', 'Available', 22],
      [2, 'CCS', 'Unknown', 50],
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
      [1, 'Type 2', 'Available', 22],
      [2, 'CCS', 'Charging', 50],
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
