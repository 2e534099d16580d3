import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RPCClient } from 'ocpp-rpc';
import type { RPC_ClientOptions } from 'ocpp-rpc/lib/client';
import { ChargePointSimulator } from '@evc/charger-sim';
import { AppError } from '../../platform/errors.ts';
import { createTestApp, OPERATOR, type TestApp } from '../../test/test-app.ts';
import { listenOnLoopback, provisionCharger, testCharger } from '../../test/test-chargers.ts';
import { createChargerOwners } from '../chargers/node-statements.ts';
import { createChargerCommands } from './charger-commands.ts';

let t: TestApp;
let host: string;
let operatorToken: string;
const stops: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  t = await createTestApp({ ocpp: { heartbeatSeconds: 60, pingIntervalMs: 300 } });
  host = await listenOnLoopback(t);
  operatorToken = (await t.login(OPERATOR)).token;
});

afterAll(async () => {
  for (const stop of stops) await stop().catch(() => undefined);
  await t.close();
});

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('the command succeeded');
    },
    (error: unknown) => error,
  );

describe('UnlockConnector through the charger-command service', () => {
  test('the simulator unlocks a connector it has, fails one it lacks, and is offline once gone', async () => {
    const charger = await provisionCharger(
      t,
      operatorToken,
      testCharger('CP-UNLOCK-1', '3601', {
        connectors: [
          { connectornumber: 1, type: 'Type 2', maxPowerKw: 22 },
          { connectornumber: 2, type: 'CCS', maxPowerKw: 50 },
        ],
      }),
    );
    const sim = new ChargePointSimulator({
      url: `ws://${host}/ocpp`,
      chargePointId: 'CP-UNLOCK-1',
      connectors: 2,
    });
    stops.push(() => sim.stop());
    await sim.start();
    const { commands } = t.services;
    await expect(commands.unlockConnector(charger._id, 2)).resolves.toEqual({ status: 'Unlocked' });
    await expect(commands.unlockConnector(charger._id, 3)).resolves.toEqual({
      status: 'UnlockFailed',
    });

    // Once its socket is gone, no node holds it: 409 CHARGER_OFFLINE ('Charger Unavailable').
    await sim.stop();
    await expect
      .poll(
        () => t.services.commands.unlockConnector(charger._id, 2).catch((error: unknown) => error),
        { interval: 20 },
      )
      .toMatchObject({ statusCode: 409, code: 'CHARGER_OFFLINE', message: 'Charger Unavailable' });
  });

  test('a charger that does not answer in time is 504 CHARGER_TIMEOUT', async () => {
    const charger = await provisionCharger(t, operatorToken, testCharger('CP-UNLOCK-2', '3602'));
    const options: Partial<RPC_ClientOptions> = {
      endpoint: `ws://${host}/ocpp`,
      identity: 'CP-UNLOCK-2',
      protocols: ['ocpp1.6'],
      strictMode: true,
      reconnect: false,
    };
    // The library's typings mark every option required; it fills in defaults for those left out.
    const silent = new RPCClient(options as RPC_ClientOptions);
    stops.push(() => silent.close({ force: true }));
    silent.handle('UnlockConnector', () => new Promise(() => undefined));
    await silent.connect();
    // Once the connection owns the charger, commands go to its node.
    const { liveOwnerOf } = createChargerOwners(t.database.db);
    await expect.poll(() => liveOwnerOf(charger._id), { interval: 20 }).not.toBeNull();
    // The same service over the app's bus, with a time-out a test can wait for.
    const commands = createChargerCommands({ bus: t.services.bus, ownerOf: liveOwnerOf }, 200);
    const started = Date.now();
    const failure = await failureOf(commands.unlockConnector(charger._id, 1));
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ statusCode: 504, code: 'CHARGER_TIMEOUT' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
  });
});
