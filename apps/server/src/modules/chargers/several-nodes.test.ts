import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ChargePointSimulator } from '@evc/charger-sim';
import type { ChargerView, ListChargersResponse } from '@evc/contract';
import { AppError } from '../../platform/errors.ts';
import { createTestApp, DRIVER, OPERATOR, testConfig, type TestApp } from '../../test/test-app.ts';
import { listenOnLoopback, provisionCharger, testCharger } from '../../test/test-chargers.ts';
import { NATS_URL, testSubjectPrefix } from '../../test/test-nats.ts';
import { readChargerEvents } from '../../test/charger-events.ts';

// Two nodes as two processes would run them: one PostgreSQL database, each its own connection
// pool, charger sockets and NATS connection; a charger connects to node A only.
describe.skipIf(!NATS_URL || !process.env.DATABASE_URL)('several nodes over NATS', () => {
  let a: TestApp;
  let b: TestApp;
  let bBase: string;
  let sim: ChargePointSimulator;
  let charger: ChargerView;
  let operatorToken: string;
  let driverToken: string;

  beforeAll(async () => {
    const options = {
      config: testConfig({ natsUrl: NATS_URL, natsSubjectPrefix: testSubjectPrefix() }),
      ocpp: { heartbeatSeconds: 60, pingIntervalMs: 300, commandTimeoutMs: 2000 },
    };
    a = await createTestApp(options);
    b = await a.withNode(options);
    const aBase = await listenOnLoopback(a);
    bBase = await listenOnLoopback(b);
    operatorToken = (await a.login(OPERATOR)).token;
    driverToken = (await b.login(DRIVER)).token;
    charger = await provisionCharger(a, operatorToken, testCharger('CP-NODES-1', '3501'));
    sim = new ChargePointSimulator({
      url: `ws://${aBase}/ocpp`,
      chargePointId: 'CP-NODES-1',
      connectors: 1,
    });
    await sim.start();
  });

  afterAll(async () => {
    await sim.stop().catch(() => undefined);
    await a.close();
  });

  test("a command given on node B reaches the charger through node A's socket", async () => {
    await expect(b.services.commands.unlockConnector(charger._id, 1)).resolves.toEqual({
      status: 'Unlocked',
    });
    // The simulator implements no ChangeConfiguration: its refusal comes back across the nodes.
    await expect(
      b.services.commands.changeConfiguration(charger._id, 'HeartbeatInterval', '120'),
    ).rejects.toMatchObject({ statusCode: 502, code: 'CHARGER_ERROR' });
  });

  test('a command for a charger no node holds is 409 CHARGER_OFFLINE at once', async () => {
    const unconnected = await provisionCharger(a, operatorToken, testCharger('CP-NODES-2', '3502'));
    const started = Date.now();
    const failure = await b.services.commands
      .unlockConnector(unconnected._id, 1)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ statusCode: 409, code: 'CHARGER_OFFLINE' });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  test("node B's live events show a status change of the charger on node A", async () => {
    const response = await fetch(`http://${bBase}/api/events/chargers?barcode=3501`, {
      headers: { authorization: `Bearer ${driverToken}` },
    });
    const reading = readChargerEvents(response, (events) =>
      events.some((event) => event.connectors[0]?.status === 'Faulted'),
    );
    await sim.setStatus(1, 'Faulted', 'GroundFailure');
    const events = await reading;
    expect(events.at(-1)).toMatchObject({
      barcode: '3501',
      online: true,
      connectors: [{ connectornumber: 1, status: 'Faulted' }],
    });
  });

  test("node B's charger list follows changes made on node A at once", async () => {
    const listOnB = async () => {
      const result = await b.call('listChargers', { token: driverToken, body: {} });
      expect(result.status).toBe(200);
      const answer = result.body.data as ListChargersResponse;
      const at = answer.barcode.indexOf('3501');
      return { name: answer.name?.[at], connectors: answer.connectors?.[at] };
    };
    await listOnB();
    await sim.setStatus(1, 'Charging');
    // Well within the 30 s a list used to wait before it was read again.
    await expect
      .poll(async () => (await listOnB()).connectors?.[0], { interval: 20 })
      .toEqual([1, 'Type 2', 'Charging', 22]);
    const renamed = await a.call('operatorUpdateCharger', {
      token: operatorToken,
      params: { chargerid: charger._id },
      body: { name: 'Renamed on node A' },
    });
    expect(renamed.status).toBe(200);
    await expect
      .poll(async () => (await listOnB()).name, { interval: 20 })
      .toBe('Renamed on node A');
    // A charger provisioned on node A, then removed there: the notice names it, and B patches it.
    const barcodesOnB = async () => {
      const result = await b.call('listChargers', { token: driverToken, body: {} });
      return (result.body.data as ListChargersResponse).barcode;
    };
    const added = await provisionCharger(a, operatorToken, testCharger('CP-NODES-3', '3503'));
    await expect.poll(barcodesOnB, { interval: 20 }).toContain('3503');
    const removed = await a.call('operatorDeleteCharger', {
      token: operatorToken,
      params: { chargerid: added._id },
    });
    expect(removed.status).toBe(200);
    await expect.poll(barcodesOnB, { interval: 20 }).not.toContain('3503');
  });
  test('a sign-out on node B ends the sign-in at once on node A, which had it in memory', async () => {
    const user = await b.login(DRIVER, 'several-nodes-device');
    const userdataOnA = () => a.call('userdata', { token: user.token });
    expect((await userdataOnA()).status).toBe(200);
    const out = await b.call('logout', {
      token: user.token,
      body: { tokens: { token: user.token, refreshToken: user.tokenData.refresh.token } },
    });
    expect(out.status).toBe(200);
    await expect.poll(async () => (await userdataOnA()).status, { interval: 20 }).toBe(401);
  });

  test('a node starting leaves online the chargers another node holds', async () => {
    const options = {
      config: testConfig({ natsUrl: NATS_URL, natsSubjectPrefix: testSubjectPrefix() }),
    };
    const c = await a.withNode(options);
    await c.app.ready();
    const seen = await c.call('getChargerByBarcode', {
      token: driverToken,
      body: { barcode: '3501' },
    });
    expect(seen.body.data).toMatchObject({ online: true });
    // Provisioned but never connected: still Offline.
    const never = await c.call('getChargerByBarcode', {
      token: driverToken,
      body: { barcode: '3502' },
    });
    expect(never.body.data).toMatchObject({ online: false });
  });
});
