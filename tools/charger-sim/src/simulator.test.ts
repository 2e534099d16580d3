import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ChargerView } from '@evc/contract';
import { connectorStatusWording } from '@evc/domain';
import {
  createTestApp,
  DRIVER,
  OPERATOR,
  type TestApp,
} from '../../../apps/server/src/test/test-app.ts';
import { ChargePointSimulator } from './simulator.ts';

let t: TestApp;
let url: string;
let driverToken: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  url = `ws://127.0.0.1:${address.port}/ocpp`;
  const operator = (await t.login(OPERATOR)).token;
  driverToken = (await t.login(DRIVER)).token;
  const created = await t.call('operatorCreateCharger', {
    token: operator,
    body: {
      chargePointId: 'SIM-HARROGATE',
      barcode: '2468',
      name: 'Harrogate Station',
      address: 'Station Parade',
      city: 'Harrogate',
      post_code: 'HG1 1TE',
      country: 'GB',
      lat: 53.993,
      lon: -1.537,
      password: 'simulator-secret',
      connectors: [
        { connectornumber: 1, type: 'Type 2', maxPowerKw: 22 },
        { connectornumber: 2, type: 'CCS', maxPowerKw: 50 },
      ],
      tariff: { standard_rate: 0.42, currency: 'GBP' },
    },
  });
  expect(created.status).toBe(200);
});

afterAll(() => t.close());

async function seen(): Promise<ChargerView> {
  return (await t.call('getChargerByBarcode', { token: driverToken, body: { barcode: '2468' } }))
    .body.data as ChargerView;
}

// A ceiling that only bounds a hang: a loaded machine is slow, not wrong.
async function until(accept: (charger: ChargerView) => boolean): Promise<ChargerView> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const charger = await seen();
    if (accept(charger) || Date.now() > deadline) return charger;
    await new Promise((done) => setTimeout(done, 100));
  }
}

test('the simulator boots as a provisioned charger and its status changes reach the driver', async () => {
  const simulator = new ChargePointSimulator({
    url,
    chargePointId: 'SIM-HARROGATE',
    password: 'simulator-secret',
    connectors: 2,
    serialNumber: 'HG-0001',
  });
  await simulator.start();
  let charger = await until((view) => view.online);
  expect(charger).toMatchObject({
    online: true,
    chargePointSerialNumber: 'HG-0001',
    connectors: [
      { currentStatus: { status: 'Available' } },
      { currentStatus: { status: 'Available' } },
    ],
  });

  await simulator.setStatus(2, 'Charging');
  charger = await until((view) => view.connectors[1]?.currentStatus.status === 'Charging');
  expect(charger.connectors.map((connector) => connector.currentStatus.status)).toEqual([
    'Available',
    'Charging',
  ]);

  await simulator.stop();
  charger = await until((view) => !view.online);
  // The server keeps what each connector last reported; the driver sees Offline over it (000 §4).
  const shown = charger.connectors.map((connector) =>
    connectorStatusWording({
      status: connector.currentStatus.status,
      chargerOnline: charger.online,
      ownsTransaction: false,
    }),
  );
  expect(shown).toEqual(['Offline', 'Offline']);
});

test('a simulator with the wrong password is refused', async () => {
  const simulator = new ChargePointSimulator({
    url,
    chargePointId: 'SIM-HARROGATE',
    password: 'not-it',
    connectors: 2,
  });
  await expect(simulator.start()).rejects.toThrow();
  expect(simulator.connected).toBe(false);
});

test('a simulator that loses its central system reconnects by itself to the next URL of its list', async () => {
  const other = await t.withApp({});
  await other.app.listen({ port: 0, host: '127.0.0.1' });
  const address = other.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const otherUrl = `ws://127.0.0.1:${address.port}/ocpp`;
  const simulator = new ChargePointSimulator({
    url: otherUrl,
    fallbackUrls: [url],
    reconnectDelayMs: 50,
    chargePointId: 'SIM-HARROGATE',
    password: 'simulator-secret',
    connectors: 2,
  });
  await simulator.start();
  const firstAccepted = simulator.acceptedAt;
  expect(simulator.url).toBe(otherUrl);
  expect(firstAccepted).not.toBeNull();

  // That node goes away: the charger finds the next one and boots there.
  await other.app.close();
  await expect
    .poll(() => simulator.connected && (simulator.acceptedAt ?? 0) > (firstAccepted ?? 0))
    .toBe(true);
  expect(simulator.url).toBe(url);
  await simulator.stop();
  expect(simulator.connected).toBe(false);
});

test('each connector gives no more than its own rating: a 22 kW Type 2 beside a 7 kW one', async () => {
  const simulator = new ChargePointSimulator({
    url,
    chargePointId: 'SIM-HARROGATE',
    password: 'simulator-secret',
    connectors: 2,
    connectorMaxPowerW: [22_000, 7_000],
  });
  await simulator.start();
  const charger = await until((view) => view.online);
  const limits = await Promise.all(
    [1, 2].map(async (connectorId) => {
      const answer = await t.services.commands.getCompositeSchedule(charger._id, {
        connectorId,
        duration: 3600,
        chargingRateUnit: 'A',
      });
      return (answer.chargingSchedule as { chargingSchedulePeriod: { limit: number }[] })
        .chargingSchedulePeriod[0]?.limit;
    }),
  );
  // 22 kW and 7 kW three-phase at 230 V: 32 A and 10 A.
  expect(limits).toEqual([32, 10]);
  await simulator.stop();
});
