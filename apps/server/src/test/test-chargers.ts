import { expect } from 'vitest';
import { ChargePointSimulator } from '@evc/charger-sim';
import type { ChargerInput, ChargerView } from '@evc/contract';
import type { TestApp } from './test-app.ts';

/**
 * A public charger in York with one Type 2 connector at 45p/kWh; `extra` replaces any field.
 * Without a password it is provisioned to connect without one, as test chargers do.
 */
export function testCharger(
  chargePointId: string,
  barcode: string,
  extra: Partial<ChargerInput> = {},
): ChargerInput {
  return {
    chargePointId,
    barcode,
    name: `Charger ${barcode}`,
    address: '2 Station Road',
    city: 'York',
    post_code: 'YO1 6HT',
    country: 'GB',
    lat: 53.958,
    lon: -1.093,
    connectors: [{ connectornumber: 1, type: 'Type 2', maxPowerKw: 22 }],
    tariff: { standard_rate: 0.45, currency: 'GBP' },
    allowNoPassword: extra.password === undefined,
    ...extra,
  };
}

/** Provisions a charger through the operator API, as an operator would. */
export async function provisionCharger(
  t: TestApp,
  operatorToken: string,
  input: ChargerInput,
): Promise<ChargerView> {
  const answer = await t.call('operatorCreateCharger', { token: operatorToken, body: input });
  expect(answer.status).toBe(200);
  return answer.body.data as ChargerView;
}

/** Starts the test app on a free loopback port, for tests that need real sockets; answers host:port. */
export async function listenOnLoopback(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `127.0.0.1:${address.port}`;
}

/**
 * A one-connector simulator that charges fast (100 Wh a second, samples every 60 ms), so energy
 * and cost move between the samples of a short test. `base` is the server's host:port.
 */
export function fastChargingSimulator(base: string, chargePointId: string): ChargePointSimulator {
  return new ChargePointSimulator({
    url: `ws://${base}/ocpp`,
    chargePointId,
    connectors: 1,
    meterIntervalMs: 60,
    maxPowerW: 360_000,
    batteryWh: 10_000_000,
    rampSeconds: 0.01,
  });
}
