import { expect } from 'vitest';
import { ChargePointSimulator } from '@evc/charger-sim';
import type { ChargerInput, ChargerView } from '@evc/contract';
import type { TestApp } from './test-app.ts';

export { testCharger } from './charger-input.ts';

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

/** One connector charging at 100 Wh a second from the start, a battery that never fills. */
export const FAST_CHARGING = {
  connectors: 1,
  maxPowerW: 360_000,
  batteryWh: 10_000_000,
  rampSeconds: 0.01,
} as const;

/**
 * A one-connector simulator that charges fast (100 Wh a second, samples every 60 ms), so energy
 * and cost move between the samples of a short test. `base` is the server's host:port.
 */
export function fastChargingSimulator(base: string, chargePointId: string): ChargePointSimulator {
  return new ChargePointSimulator({
    ...FAST_CHARGING,
    url: `ws://${base}/ocpp`,
    chargePointId,
    meterIntervalMs: 60,
  });
}
