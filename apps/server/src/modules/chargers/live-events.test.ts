import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RPCClient } from 'ocpp-rpc';
import type { RPC_ClientOptions } from 'ocpp-rpc/lib/client';
import { createTestApp, DRIVER, OPERATOR, type TestApp } from '../../test/test-app.ts';
import { readChargerEvents } from '../../test/charger-events.ts';
import { listenOnLoopback, provisionCharger, testCharger } from '../../test/test-chargers.ts';

let t: TestApp;
let base: string;
let driverToken: string;
const clients: RPCClient[] = [];

beforeAll(async () => {
  t = await createTestApp({ ocpp: { heartbeatSeconds: 60, pingIntervalMs: 300 } });
  base = await listenOnLoopback(t);
  driverToken = (await t.login(DRIVER)).token;
  const operatorToken = (await t.login(OPERATOR)).token;
  await provisionCharger(
    t,
    operatorToken,
    testCharger('CP-LIVE-1', '3301', { name: 'Live charger' }),
  );
});

afterAll(async () => {
  for (const client of clients) await client.close({ force: true }).catch(() => undefined);
  await t.close();
});

describe('GET /api/events/chargers', () => {
  test('refuses a caller without a token', async () => {
    const response = await fetch(`http://${base}/api/events/chargers`);
    expect(response.status).toBe(401);
  });

  test('sends the asked charger at once, then its status change', async () => {
    const response = await fetch(`http://${base}/api/events/chargers?barcode=3301`, {
      headers: { authorization: `Bearer ${driverToken}` },
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const options: Partial<RPC_ClientOptions> = {
      endpoint: `ws://${base}/ocpp`,
      identity: 'CP-LIVE-1',
      protocols: ['ocpp1.6'],
      strictMode: true,
      reconnect: false,
    };
    // The library's typings mark every option required; it fills in defaults for those left out.
    const client = new RPCClient(options as RPC_ClientOptions);
    clients.push(client);
    const reading = readChargerEvents(response, (events) =>
      events.some((event) => event.connectors[0]?.status === 'Charging'),
    );
    await client.connect();
    await client.call('StatusNotification', {
      connectorId: 1,
      errorCode: 'NoError',
      status: 'Charging',
      timestamp: new Date().toISOString(),
    });
    const events = await reading;
    expect(events[0]?.barcode).toBe('3301');
    expect(events.at(-1)).toMatchObject({
      barcode: '3301',
      online: true,
      connectors: [{ connectornumber: 1, status: 'Charging' }],
    });
  });
});
