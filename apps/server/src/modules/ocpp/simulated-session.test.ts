import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ChargePointSimulator } from '@evc/charger-sim';
import type { ChargerView } from '@evc/contract';
import { createTestApp, DRIVER, OPERATOR, type TestApp } from '../../test/test-app.ts';
import { listenOnLoopback, provisionCharger, testCharger } from '../../test/test-chargers.ts';

let t: TestApp;
let url: string;
let operatorToken: string;
const sims: ChargePointSimulator[] = [];

const provision = (chargePointId: string, barcode: string) =>
  provisionCharger(t, operatorToken, testCharger(chargePointId, barcode));

// A ceiling that only bounds a hang: a loaded machine is slow, not wrong.
async function until(check: () => boolean | Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((done) => setTimeout(done, 30));
  }
}

function simulator(chargePointId: string): ChargePointSimulator {
  const sim = new ChargePointSimulator({
    url,
    chargePointId,
    connectors: 1,
    meterIntervalMs: 50,
    // Fast enough that energy moves between samples of a short test.
    maxPowerW: 3_600_000,
    batteryWh: 10_000_000,
    rampSeconds: 0.01,
  });
  sims.push(sim);
  return sim;
}

beforeAll(async () => {
  t = await createTestApp({ ocpp: { heartbeatSeconds: 60, pingIntervalMs: 300 } });
  url = `ws://${await listenOnLoopback(t)}/ocpp`;
  operatorToken = (await t.login(OPERATOR)).token;
});

afterAll(async () => {
  for (const sim of sims) await sim.stop().catch(() => undefined);
  await t.close();
});

describe('a session with the simulator', () => {
  test('remote start, pause, resume and remote stop make one transaction', async () => {
    const charger = await provision('CP-SIM-1', '3401');
    const sim = simulator('CP-SIM-1');
    await sim.start();
    const { commands, transactions } = t.services;
    await transactions.issueTag('REMOTE-SIM-1', null, 'remote');
    await expect(
      commands.remoteStart(charger._id, { idTag: 'REMOTE-SIM-1', connectorId: 1 }),
    ).resolves.toEqual({ status: 'Accepted' });
    await until(() => sim.status(1) === 'Charging' && sim.transactionId(1) !== null);
    const transactionId = sim.transactionId(1) ?? 0;

    const pause = {
      chargingProfileId: 1,
      stackLevel: 1,
      chargingProfilePurpose: 'TxProfile' as const,
      chargingProfileKind: 'Relative' as const,
      transactionId,
      chargingSchedule: {
        chargingRateUnit: 'A' as const,
        chargingSchedulePeriod: [{ startPeriod: 0, limit: 0 }],
      },
    };
    await expect(commands.setChargingProfile(charger._id, 1, pause)).resolves.toEqual({
      status: 'Accepted',
    });
    await until(() => sim.status(1) === 'SuspendedEVSE');
    await commands.clearChargingProfile(charger._id, { id: 1 });
    await until(() => sim.status(1) === 'Charging');
    await until(async () => (await transactions.meterValues(transactionId)).length >= 2);

    await expect(commands.remoteStop(charger._id, transactionId)).resolves.toEqual({
      status: 'Accepted',
    });
    await until(() => sim.status(1) === 'Available');
    const rows = await transactions.forCharger(charger._id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      transactionId,
      meterStartWh: 0,
      meterStopWh: Math.round(sim.energyWh(1)),
      stopReason: 'Remote',
    });
    expect(rows[0]?.meterStopWh).toBeGreaterThan(0);
  });

  test('a charger that drops its connection replays its queued messages once', async () => {
    const charger = await provision('CP-SIM-2', '3402');
    const sim = simulator('CP-SIM-2');
    await sim.start();
    // An RFID card needs an owner to be accepted; a server-issued tag is taken as it is.
    await t.services.transactions.issueTag('CARD-SIM-2', null, 'remote');
    await expect(sim.presentTag(1, 'CARD-SIM-2')).resolves.toBe('Accepted');
    await until(() => sim.transactionId(1) !== null);
    await sim.stop();
    // The central system has let go of the first connection before the charger comes back.
    await until(async () => {
      const seen = await t.call('operatorGetCharger', {
        token: operatorToken,
        params: { chargerid: charger._id },
      });
      return (seen.body.data as ChargerView).online === false;
    });
    await sim.stopTransaction(1);
    expect(sim.queued).toBeGreaterThan(0);
    await sim.start();
    expect(sim.queued).toBe(0);

    const rows = await t.services.transactions.forCharger(charger._id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.meterStopWh).toBe(Math.round(sim.energyWh(1)));
    expect(rows[0]?.stopReason).toBe('Local');
  });
});

describe('GET /development/charger/capabilities/{chargerid}', () => {
  test('reads smart charging and RFID from a connected charger, null when offline', async () => {
    const charger = await provision('CP-SIM-3', '3403');
    const driverToken = (await t.login(DRIVER)).token;
    const ask = (chargerid: string) =>
      t.call('getChargerCapabilities', { token: driverToken, params: { chargerid } });
    expect((await ask(charger._id)).body).toMatchObject({
      data: { smartCharging: null, rfid: null, remoteStart: true },
    });
    const sim = simulator('CP-SIM-3');
    await sim.start();
    await until(
      async () =>
        ((await ask(charger._id)).body.data as { smartCharging: boolean | null }).smartCharging !==
        null,
    );
    expect((await ask(charger._id)).body).toEqual({
      data: {
        connectors: [{ connectornumber: 1, type: 'Type 2', maxPowerKw: 22 }],
        remoteStart: true,
        remoteStop: true,
        unlock: true,
        smartCharging: true,
        rfid: true,
        featureProfiles: ['Core', 'SmartCharging', 'RemoteTrigger'],
      },
    });
    const unknown = await ask('no-such-charger');
    expect(unknown.status).toBe(404);
  });
});
