import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RPCClient } from 'ocpp-rpc';
import type { RPC_ClientOptions } from 'ocpp-rpc/lib/client';
import type { TokenData } from '@evc/contract';
import { createTestApp, DRIVER, OPERATOR, type TestApp } from '../../test/test-app.ts';
import { readChargerEvents, readChargerStream } from '../../test/charger-events.ts';
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
  test('a guest token opens the stream; a token that is not one is a 401', async () => {
    const identifier = await t.call('guestIdentifier');
    const { code } = identifier.body.data as { code: string };
    const guest = await t.call('guestTokens', { params: { code }, query: { uuid: 'live-guest' } });
    const guestToken = (guest.body.data as TokenData).auth.token;
    const response = await fetch(`http://${base}/api/events/chargers?barcode=3301`, {
      headers: { authorization: `Bearer ${guestToken}` },
    });
    expect(response.status).toBe(200);
    const events = await readChargerEvents(response, (seen) => seen.length > 0);
    expect(events[0]).toMatchObject({ barcode: '3301', connectors: [{ connectornumber: 1 }] });

    const forged = await fetch(`http://${base}/api/events/chargers`, {
      headers: { authorization: `Bearer ${guestToken.slice(0, -4)}AAAA` },
    });
    expect(forged.status).toBe(401);
  });

  test('a stream opens at once, even with nothing to send yet', async () => {
    const abort = new AbortController();
    // The default keep-alive is 25 s, longer than this test may take.
    const response = await fetch(`http://${base}/api/events/chargers?barcode=9999`, {
      headers: { authorization: `Bearer ${driverToken}` },
      signal: abort.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    abort.abort();
  });

  test('an idle stream sends a keep-alive comment at every interval and stays open', async () => {
    const quick = await t.withApp({ liveEvents: { keepAliveMs: 40 } });
    const quickBase = await listenOnLoopback(quick);
    const started = Date.now();
    const response = await fetch(`http://${quickBase}/api/events/chargers?barcode=9999`, {
      headers: { authorization: `Bearer ${driverToken}` },
    });
    expect(response.status).toBe(200);
    const seen = await readChargerStream(response, ({ comments }) => comments.length >= 3);
    expect(seen.comments.slice(0, 3)).toEqual(['keep-alive', 'keep-alive', 'keep-alive']);
    // An unknown barcode has nothing to send but the keep-alives, one per interval.
    expect(seen.events).toEqual([]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(110);
  });
});
