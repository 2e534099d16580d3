import { RPCClient } from 'ocpp-rpc';
import type { RPC_ClientOptions } from 'ocpp-rpc/lib/client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ChargerView } from '@evc/contract';
import { capturedLog } from '../../test/captured-log.ts';
import { createTestApp, DRIVER, OPERATOR, type TestApp } from '../../test/test-app.ts';
import { listenOnLoopback, provisionCharger, testCharger } from '../../test/test-chargers.ts';
import { loggableFrame, refusalReason } from './connection-log.ts';

/** What the server logged, line by line, parsed. */
const { logger, lines } = capturedLog('debug');

let t: TestApp;
let endpoint: string;
let operator: string;
let driver: string;
const clients: RPCClient[] = [];

function chargePoint(identity: string, extra: Partial<RPC_ClientOptions> = {}): RPCClient {
  const options: Partial<RPC_ClientOptions> = {
    endpoint,
    identity,
    protocols: ['ocpp1.6'],
    reconnect: false,
    ...extra,
  };
  // The library's typings mark every option required; it fills in defaults for those left out.
  const client = new RPCClient(options as RPC_ClientOptions);
  clients.push(client);
  return client;
}

/** The first line with this message (and these fields) logged, once it is. */
async function lineFor(msg: string, fields: Record<string, unknown> = {}) {
  const matches = (line: Record<string, unknown>) =>
    line.msg === msg && Object.entries(fields).every(([key, value]) => line[key] === value);
  await expect.poll(() => lines.some(matches), { timeout: 30_000 }).toBe(true);
  return lines.find(matches) ?? {};
}

/** The id of the charger with this barcode. */
const provisioned = async (barcode: string) => {
  const answer = await t.call('getChargerByBarcode', { token: driver, body: { barcode } });
  return (answer.body.data as ChargerView)._id;
};

const online = async (barcode: string) => {
  const answer = await t.call('getChargerByBarcode', { token: driver, body: { barcode } });
  return (answer.body.data as ChargerView).online;
};

beforeAll(async () => {
  t = await createTestApp({
    logger,
    ocpp: { heartbeatSeconds: 60, pingIntervalMs: 300 },
  });
  endpoint = `ws://${await listenOnLoopback(t)}/ocpp`;
  operator = (await t.login(OPERATOR)).token;
  driver = (await t.login(DRIVER)).token;
});

afterAll(async () => {
  for (const client of clients) await client.close({ force: true }).catch(() => undefined);
  await t.close();
});

describe('a client that agrees on no subprotocol', () => {
  test('is answered without one, closed at once, and nothing it sends is taken', async () => {
    await provisionCharger(t, operator, testCharger('CP-LOG-1', '3951'));
    // A client offering only other subprotocols fails the connection itself (RFC 6455 §4.1);
    // one offering none is closed by the server.
    const client = chargePoint('CP-LOG-1', { protocols: [] });
    const closed = new Promise<{ code: number }>((done) => client.once('close', done));
    await client.connect();
    expect(client.protocol).toBeFalsy();
    const boot = client.call('BootNotification', {
      chargePointVendor: 'Garbage',
      chargePointModel: 'NoProtocol',
    });
    await expect(boot).rejects.toThrow();
    expect((await closed).code).toBe(1002);
    expect(await online('3951')).toBe(false);
    const refused = await lineFor('charger handshake refused', { identity: 'CP-LOG-1' });
    expect(refused.reason).toBe('no ocpp1.6 subprotocol offered');
  });

  test('one that offers ocpp1.6 among others gets it', async () => {
    await provisionCharger(t, operator, testCharger('CP-LOG-2', '3952'));
    const client = chargePoint('CP-LOG-2', { protocols: ['ocpp2.0.1', 'ocpp1.6'] });
    await client.connect();
    expect(client.protocol).toBe('ocpp1.6');
    await client.close();
  });
});

describe('the log tells an operator why a charger is offline', () => {
  test('refusals name their reason and never the password', async () => {
    await provisionCharger(
      t,
      operator,
      testCharger('CP-LOG-3', '3953', { password: 'secret-password-3953' }),
    );
    await expect(chargePoint('CP-LOG-3', { password: 'not-it' }).connect()).rejects.toThrow();
    await expect(chargePoint('CP-LOG-NOBODY', { password: 'x' }).connect()).rejects.toThrow();
    await expect(chargePoint('CP-LOG-3').connect()).rejects.toThrow();
    const reasons = lines
      .filter((line) => line.msg === 'charger handshake refused')
      .map((line) => `${String(line.identity)}: ${String(line.reason)}`);
    expect(reasons).toEqual(
      expect.arrayContaining([
        'CP-LOG-3: wrong password',
        'CP-LOG-NOBODY: unknown charge point identity',
        'CP-LOG-3: no password presented',
      ]),
    );
    expect(JSON.stringify(lines)).not.toContain('not-it');
    expect(JSON.stringify(lines)).not.toContain('secret-password-3953');
  });

  test('connect, boot, every frame, a CALLERROR sent, and the disconnection with its code', async () => {
    await provisionCharger(t, operator, testCharger('CP-LOG-4', '3954'));
    const client = chargePoint('CP-LOG-4');
    await client.connect();
    const connected = await lineFor('charger connected', { identity: 'CP-LOG-4' });
    expect(connected.address).toBe('127.0.0.1');
    await client.call('BootNotification', { chargePointVendor: 'Acme', chargePointModel: 'Log' });
    expect((await lineFor('charger booted', { vendor: 'Acme' })).model).toBe('Log');
    const frame = await lineFor('OCPP frame', { identity: 'CP-LOG-4', direction: 'in' });
    expect(frame.level).toBe(20);
    expect(String(frame.frame)).toContain('BootNotification');
    const refused = await client
      .call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Nap' })
      .then(
        () => ({ rpcErrorCode: 'none' }),
        (error: { rpcErrorCode: string }) => error,
      );
    const callError = await lineFor('OCPP CALLERROR sent', { identity: 'CP-LOG-4' });
    expect(callError.action).toBe('StatusNotification');
    // The code as the charger received it (OCPP 1.6J errata spellings).
    expect(callError.code).toBe(refused.rpcErrorCode);
    expect(callError.code).toBe('FormationViolation');
    // A command the charger answers with a CALLERROR.
    client.handle('GetConfiguration', () => {
      throw new Error('configuration store unreadable');
    });
    const charger = await provisioned('3954');
    await expect(
      t.services.commands.send(charger, 'GetConfiguration', { key: ['HeartbeatInterval'] }),
    ).rejects.toThrow();
    const received = await lineFor('OCPP CALLERROR received', { identity: 'CP-LOG-4' });
    expect(received.action).toBe('GetConfiguration');
    await client.close({ code: 1000, reason: 'maintenance' });
    const gone = await lineFor('charger disconnected', { identity: 'CP-LOG-4' });
    expect(gone.code).toBe(1000);
    expect(gone.reason).toBe('maintenance');
    expect(gone.connectedForMs).toBeGreaterThanOrEqual(0);
  });
});

describe('reasons and frames', () => {
  test.each([
    [
      { known: false, authorizationSent: true, passwordSent: true },
      'unknown charge point identity',
    ],
    [{ known: true, authorizationSent: true, passwordSent: true }, 'wrong password'],
    [{ known: true, authorizationSent: false, passwordSent: false }, 'no password presented'],
    [
      { known: true, authorizationSent: true, passwordSent: false },
      'Basic auth user name is not the charge point identity',
    ],
  ])('%o is refused as %s', (input, reason) => {
    expect(refusalReason(input)).toBe(reason);
  });

  test('an AuthorizationKey sent to a charger is not logged', () => {
    const frame = JSON.stringify([
      2,
      'm1',
      'ChangeConfiguration',
      { key: 'AuthorizationKey', value: 'abcdef0123456789' },
    ]);
    expect(loggableFrame(frame)).not.toContain('abcdef0123456789');
    const other = JSON.stringify([
      2,
      'm2',
      'ChangeConfiguration',
      { key: 'HeartbeatInterval', value: '60' },
    ]);
    expect(loggableFrame(other)).toBe(other);
    expect(loggableFrame('not json')).toBe('not json');
  });
});
