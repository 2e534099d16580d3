import { RPCClient } from 'ocpp-rpc';
import type { RPC_ClientOptions } from 'ocpp-rpc/lib/client';
import type { ChargePointSimulator } from '@evc/charger-sim';
import type { ChargerInput, ChargerView } from '@evc/contract';
import type { BuildAppOptions } from '../app.ts';
import { createTestApp, DRIVER, OPERATOR, type TestApp } from './test-app.ts';
import {
  fastChargingSimulator,
  listenOnLoopback,
  provisionCharger,
  testCharger,
} from './test-chargers.ts';
import { userRow } from './test-users.ts';

/**
 * A test app listening on loopback for chargers, with the seeded driver and operator signed in.
 * The operator signs in like any driver, so tests use them as "someone else" too.
 */
export interface TestBed {
  t: TestApp;
  /** The app's host:port, where chargers connect. */
  base: string;
  driver: string;
  driverId: string;
  operator: string;
  operatorId: string;
  /** A charger provisioned by the operator (a test charger with `extra`), with no one behind it. */
  charger(
    chargePointId: string,
    barcode: string,
    extra?: Partial<ChargerInput>,
  ): Promise<ChargerView>;
  /** A provisioned charger run by a fast-charging simulator over a real socket, started. */
  liveCharger(
    chargePointId: string,
    barcode: string,
    extra?: Partial<ChargerInput>,
  ): Promise<{ charger: ChargerView; sim: ChargePointSimulator }>;
  /**
   * An OCPP 1.6 client speaking as the charge point `identity` (with its password, if it has
   * one), to drive message by message; not yet connected, so that its handlers come first.
   */
  ocppClient(identity: string, password?: string): RPCClient;
  /** Stops the simulators, closes the clients, then the app. */
  close(): Promise<void>;
}

/** Starts a TestBed on a fresh database; OCPP timings are test-short unless `options` say. */
export async function startTestBed(options: Partial<BuildAppOptions> = {}): Promise<TestBed> {
  const t = await createTestApp({
    ...options,
    ocpp: { heartbeatSeconds: 60, pingIntervalMs: 300, ...options.ocpp },
  });
  const base = await listenOnLoopback(t);
  const sims: ChargePointSimulator[] = [];
  const clients: RPCClient[] = [];
  const driver = (await t.login(DRIVER)).token;
  const operator = (await t.login(OPERATOR)).token;
  const charger: TestBed['charger'] = (chargePointId, barcode, extra) =>
    provisionCharger(t, operator, testCharger(chargePointId, barcode, extra));
  return {
    t,
    base,
    driver,
    driverId: (await userRow(t, DRIVER.email)).id,
    operator,
    operatorId: (await userRow(t, OPERATOR.email)).id,
    charger,
    async liveCharger(chargePointId, barcode, extra) {
      const provisioned = await charger(chargePointId, barcode, extra);
      const sim = fastChargingSimulator(base, chargePointId);
      sims.push(sim);
      await sim.start();
      return { charger: provisioned, sim };
    },
    ocppClient(identity, password) {
      const options: Partial<RPC_ClientOptions> = {
        endpoint: `ws://${base}/ocpp`,
        identity,
        protocols: ['ocpp1.6'],
        strictMode: true,
        reconnect: false,
        ...(password === undefined ? {} : { password }),
      };
      // The library's typings mark every option required; it fills in defaults for those left out.
      const client = new RPCClient(options as RPC_ClientOptions);
      clients.push(client);
      return client;
    },
    async close() {
      for (const sim of sims) await sim.stop().catch(() => undefined);
      for (const client of clients) await client.close({ force: true }).catch(() => undefined);
      await t.close();
    },
  };
}
