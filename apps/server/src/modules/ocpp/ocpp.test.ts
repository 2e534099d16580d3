import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RPCClient } from 'ocpp-rpc';
import type { RPC_ClientOptions } from 'ocpp-rpc/lib/client';
import type { ChargerInput, ChargerView } from '@evc/contract';
import { connectorStatusWording } from '@evc/domain';
import { createTestApp, DRIVER, OPERATOR, type TestApp } from '../../test/test-app.ts';
import { listenOnLoopback, provisionCharger, testCharger } from '../../test/test-chargers.ts';

let t: TestApp;
let endpoint: string;
let operatorToken: string;
let driverToken: string;
const clients: RPCClient[] = [];

const charger = testCharger;
const provision = (input: ChargerInput) => provisionCharger(t, operatorToken, input);

function chargePoint(identity: string, password?: string): RPCClient {
  const options: Partial<RPC_ClientOptions> = {
    endpoint,
    identity,
    protocols: ['ocpp1.6'],
    strictMode: true,
    reconnect: false,
    ...(password ? { password } : {}),
  };
  // The library's typings mark every option required; it fills in defaults for those left out.
  const client = new RPCClient(options as RPC_ClientOptions);
  clients.push(client);
  return client;
}

async function byBarcode(barcode: string): Promise<ChargerView> {
  const answer = await t.call('getChargerByBarcode', { token: driverToken, body: { barcode } });
  return answer.body.data as ChargerView;
}

async function eventually<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((done) => setTimeout(done, 100));
  }
}

beforeAll(async () => {
  t = await createTestApp({ ocpp: { heartbeatSeconds: 1, pingIntervalMs: 300 } });
  endpoint = `ws://${await listenOnLoopback(t)}/ocpp`;
  operatorToken = (await t.login(OPERATOR)).token;
  driverToken = (await t.login(DRIVER)).token;
});

afterAll(async () => {
  for (const client of clients) await client.close({ force: true }).catch(() => undefined);
  await t.close();
});

describe('OCPP 1.6J central system', () => {
  test('an unknown charge point id is refused at the handshake', async () => {
    await expect(chargePoint('CP-NOBODY').connect()).rejects.toThrow();
  });

  test('a charger provisioned with a password must present it', async () => {
    await provision(charger('CP-LOCKED', '3101', { password: 'correct-horse-42' }));
    await expect(chargePoint('CP-LOCKED', 'wrong-password').connect()).rejects.toThrow();
    await expect(chargePoint('CP-LOCKED').connect()).rejects.toThrow();
    const right = chargePoint('CP-LOCKED', 'correct-horse-42');
    await right.connect();
    await right.close();
  });

  test('boot, status changes and going offline are seen through getChargerByBarcode', async () => {
    await provision(charger('CP-YORK-1', '3102'));
    const client = chargePoint('CP-YORK-1');
    await client.connect();
    const boot = (await client.call('BootNotification', {
      chargePointVendor: 'Acme',
      chargePointModel: 'Wallbox 22',
      chargePointSerialNumber: 'SN-0042',
      firmwareVersion: '1.4.2',
    })) as { status: string; interval: number };
    expect(boot).toMatchObject({ status: 'Accepted', interval: 1 });

    await client.call('StatusNotification', {
      connectorId: 1,
      errorCode: 'NoError',
      status: 'Available',
    });
    let seen = await byBarcode('3102');
    expect(seen).toMatchObject({
      online: true,
      chargePointSerialNumber: 'SN-0042',
      chargePointVendor: 'Acme',
      connectors: [{ connectornumber: 1, currentStatus: { status: 'Available' } }],
    });

    const now = Date.now();
    await client.call('StatusNotification', {
      connectorId: 1,
      errorCode: 'NoError',
      status: 'Charging',
      timestamp: new Date(now).toISOString(),
    });
    // A report from before, arriving late, is kept in the history but does not win.
    await client.call('StatusNotification', {
      connectorId: 1,
      errorCode: 'NoError',
      status: 'Preparing',
      timestamp: new Date(now - 60_000).toISOString(),
    });
    seen = await byBarcode('3102');
    expect(seen.connectors[0]?.currentStatus.status).toBe('Charging');

    await client.close();
    seen = await eventually(
      () => byBarcode('3102'),
      (charger) => !charger.online,
    );
    expect(seen.online).toBe(false);
    // The last report is kept; spec 000 §4's override is the domain's wording of it.
    expect(seen.connectors[0]?.currentStatus.status).toBe('Charging');
    expect(
      connectorStatusWording({
        status: seen.connectors[0]?.currentStatus.status,
        chargerOnline: seen.online,
        ownsTransaction: false,
      }),
    ).toBe('Offline');
  });

  test('a schema-invalid message gets a CALLERROR and the connection lives on', async () => {
    await provision(charger('CP-YORK-2', '3103'));
    const client = chargePoint('CP-YORK-2');
    await client.connect();
    await expect(
      client.call('StatusNotification', {
        connectorId: 1,
        errorCode: 'NoError',
        status: 'Sleeping',
      }),
    ).rejects.toThrow();
    const heartbeat = (await client.call('Heartbeat', {})) as { currentTime: string };
    expect(Number.isNaN(new Date(heartbeat.currentTime).getTime())).toBe(false);
    // The heartbeat is answered at once and written with those heard meanwhile.
    await expect.poll(async () => (await byBarcode('3103')).lastheartbeatat).not.toBeNull();
    await client.close();
  });

  test('a charger that misses its heartbeats goes Offline', async () => {
    await provision(charger('CP-YORK-3', '3104'));
    const client = chargePoint('CP-YORK-3');
    await client.connect();
    await client.call('BootNotification', { chargePointVendor: 'Acme', chargePointModel: 'Quiet' });
    expect((await byBarcode('3104')).online).toBe(true);
    // Heartbeat interval 1 s in this test: three silent seconds and it is Offline.
    const seen = await eventually(
      () => byBarcode('3104'),
      (charger) => !charger.online,
      10_000,
    );
    expect(seen.online).toBe(false);
  });
});
