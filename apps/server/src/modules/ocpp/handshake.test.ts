import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createTestApp,
  OPERATOR,
  testClock,
  testConfig,
  type TestApp,
} from '../../test/test-app.ts';
import { listenOnLoopback, provisionCharger, testCharger } from '../../test/test-chargers.ts';
import { DEMO_CHARGERS, seedDemoChargers } from '../chargers/demo-chargers.ts';
import { createChargerRepository } from '../chargers/repository.ts';
import { createUserRepository } from '../users/repository.ts';

const WINDOW_MS = 60_000;
const clock = testClock();
let t: TestApp;
let base: string;
let operator: string;

interface Handshake {
  password?: string;
  /** The subprotocols offered; ocpp1.6 unless given. */
  protocols?: string[];
  /** Where the charger says it is (the app trusts X-Forwarded-For in this file). */
  from: string;
}

/**
 * A WebSocket upgrade to /ocpp/{identity}: its HTTP status and body (101 when it connects), and
 * on 101 the subprotocol agreed.
 */
function handshake(identity: string, { password, protocols = ['ocpp1.6'], from }: Handshake) {
  const [host, port] = base.split(':');
  return new Promise<{ status: number; body: string; agreed?: string }>((resolve, reject) => {
    const request = http.request({
      host,
      port,
      path: `/ocpp/${identity}`,
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': randomBytes(16).toString('base64'),
        'x-forwarded-for': from,
        ...(protocols.length > 0 ? { 'sec-websocket-protocol': protocols.join(', ') } : {}),
        ...(password !== undefined
          ? { authorization: `Basic ${Buffer.from(`${identity}:${password}`).toString('base64')}` }
          : {}),
      },
    });
    request.on('upgrade', (response, socket) => {
      socket.destroy();
      const agreed = response.headers['sec-websocket-protocol'];
      resolve({ status: 101, body: '', ...(agreed ? { agreed } : {}) });
    });
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

const REFUSED = { status: 401, body: 'Unauthorized' };
const THROTTLED = { status: 429, body: 'Too many failed attempts' };
const CONNECTED = { status: 101, body: '', agreed: 'ocpp1.6' };
/** OCPP-J 1.6 §4.1.2: completed without a subprotocol (and then closed: connection-log.test.ts). */
const NONE_AGREED = { status: 101, body: '' };

const provision = (chargePointId: string, barcode: string, password?: string) =>
  provisionCharger(t, operator, testCharger(chargePointId, barcode, password ? { password } : {}));

const patchCharger = async (id: string, body: object) => {
  const answer = await t.call('operatorUpdateCharger', {
    token: operator,
    params: { chargerid: id },
    body,
  });
  expect(answer.status).toBe(200);
};

beforeAll(async () => {
  t = await createTestApp({
    config: testConfig({ trustProxy: true }),
    now: clock.now,
    ocpp: {
      heartbeatSeconds: 60,
      pingIntervalMs: 300,
      handshakeLimit: { failures: 3, windowMs: WINDOW_MS },
    },
  });
  base = await listenOnLoopback(t);
  operator = (await t.login(OPERATOR)).token;
});

afterAll(() => t.close());

describe('charger handshake', () => {
  test('an unknown charge point and a wrong password are answered alike', async () => {
    await provision('CP-HS-1', '3901', 'right-password-1');
    const unknown = await handshake('CP-HS-NOBODY', { password: 'any-password', from: '10.0.0.1' });
    const wrong = await handshake('CP-HS-1', { password: 'wrong-password', from: '10.0.0.2' });
    const none = await handshake('CP-HS-1', { from: '10.0.0.3' });
    expect([unknown, wrong, none]).toEqual([REFUSED, REFUSED, REFUSED]);
    expect(await handshake('CP-HS-1', { password: 'right-password-1', from: '10.0.0.4' })).toEqual(
      CONNECTED,
    );
  });

  test('a password the node already verified is refused once the operator changes it', async () => {
    const { _id: id } = await provision('CP-HS-5', '3915', 'first-password-5');
    const login = (password: string) => handshake('CP-HS-5', { password, from: '10.0.5.1' });
    expect(await login('first-password-5')).toEqual(CONNECTED);
    // Reconnecting with the password verified a moment ago: admitted from the node's memory.
    expect(await login('first-password-5')).toEqual(CONNECTED);
    await patchCharger(id, { password: 'second-password-5' });
    expect(await login('first-password-5')).toEqual(REFUSED);
    expect(await login('second-password-5')).toEqual(CONNECTED);
  });

  test('a client must offer the ocpp1.6 subprotocol', async () => {
    await provision('CP-HS-2', '3902', 'right-password-2');
    const login = { password: 'right-password-2', from: '10.0.1.1' };
    expect(await handshake('CP-HS-2', { ...login, protocols: [] })).toEqual(NONE_AGREED);
    expect(await handshake('CP-HS-2', { ...login, protocols: ['ocpp2.0.1'] })).toEqual(NONE_AGREED);
    expect(await handshake('CP-HS-2', { ...login, protocols: ['ocpp2.0.1', 'ocpp1.6'] })).toEqual(
      CONNECTED,
    );
  });

  test('failed handshakes are throttled per identity and per address for their window', async () => {
    await provision('CP-HS-3', '3903', 'right-password-3');
    await provision('CP-HS-4', '3904', 'right-password-4');
    // Guesses at one identity from many addresses.
    for (const from of ['10.0.2.1', '10.0.2.2', '10.0.2.3']) {
      expect(await handshake('CP-HS-3', { password: 'guess', from })).toEqual(REFUSED);
    }
    const right3 = { password: 'right-password-3', from: '10.0.2.9' };
    expect(await handshake('CP-HS-3', right3)).toEqual(THROTTLED);
    // Guesses at many identities from one address, known or not, answered alike when throttled.
    for (const identity of ['CP-HS-X1', 'CP-HS-X2', 'CP-HS-4']) {
      expect(await handshake(identity, { password: 'guess', from: '10.0.3.1' })).toEqual(REFUSED);
    }
    const right4 = { password: 'right-password-4', from: '10.0.3.1' };
    expect(await handshake('CP-HS-4', right4)).toEqual(THROTTLED);
    expect(await handshake('CP-HS-X9', { password: 'guess', from: '10.0.3.1' })).toEqual(THROTTLED);
    expect(await handshake('CP-HS-4', { ...right4, from: '10.0.3.2' })).toEqual(CONNECTED);

    clock.advance(WINDOW_MS);
    expect(await handshake('CP-HS-3', right3)).toEqual(CONNECTED);
    expect(await handshake('CP-HS-4', right4)).toEqual(CONNECTED);
  });
});

describe('chargers without a password', () => {
  test('connect only when an operator provisioned them so; a password clears it', async () => {
    const open = await provision('CP-HS-OPEN', '3905');
    expect(await handshake('CP-HS-OPEN', { from: '10.0.4.1' })).toEqual(CONNECTED);

    const closed = await provisionCharger(
      t,
      operator,
      testCharger('CP-HS-CLOSED', '3906', { allowNoPassword: false }),
    );
    expect(await handshake('CP-HS-CLOSED', { from: '10.0.4.2' })).toEqual(REFUSED);
    await patchCharger(closed._id, { allowNoPassword: true });
    expect(await handshake('CP-HS-CLOSED', { from: '10.0.4.2' })).toEqual(CONNECTED);

    await patchCharger(open._id, { password: 'open-no-more' });
    expect(await handshake('CP-HS-OPEN', { from: '10.0.4.3' })).toEqual(REFUSED);
    expect(await handshake('CP-HS-OPEN', { password: 'open-no-more', from: '10.0.4.3' })).toEqual(
      CONNECTED,
    );
    // Removing the password does not open the charger: that takes the flag again, once without.
    await patchCharger(open._id, { allowNoPassword: true });
    await patchCharger(open._id, { password: null });
    expect(await handshake('CP-HS-OPEN', { from: '10.0.4.4' })).toEqual(REFUSED);

    const both = await provisionCharger(
      t,
      operator,
      testCharger('CP-HS-BOTH', '3907', { password: 'both-password', allowNoPassword: true }),
    );
    expect(both._id).toBeTruthy();
    expect(await handshake('CP-HS-BOTH', { from: '10.0.4.5' })).toEqual(REFUSED);
  });

  test('the demo chargers are provisioned to connect without one, those seeded before too', async () => {
    const chargers = createChargerRepository(t.database.db);
    const demo = DEMO_CHARGERS[0]?.chargePointId ?? '';
    expect(await handshake(demo, { from: '10.0.5.1' })).toEqual(CONNECTED);
    // As seeded before the flag existed.
    const row = await chargers.findByChargePointId(demo);
    await chargers.setCharger(row?.id ?? '', { allowNoPassword: false });
    expect(await handshake(demo, { from: '10.0.5.2' })).toEqual(REFUSED);
    await seedDemoChargers(chargers, createUserRepository(t.database.db));
    expect(await handshake(demo, { from: '10.0.5.3' })).toEqual(CONNECTED);
  });
});
