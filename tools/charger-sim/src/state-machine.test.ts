import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AddressInfo } from 'node:net';
import { RPCServer } from 'ocpp-rpc';
import type RPCServerClient from 'ocpp-rpc/lib/server-client';
import { ChargePointSimulator, type SimulatorOptions } from './simulator.ts';

/** A bare central system that records what the simulator says and lets the test command it. */
let server: RPCServer;
let url: string;
const heard: { action: string; params: Record<string, unknown> }[] = [];
let station: RPCServerClient | null = null;
let nextTransactionId = 100;

beforeAll(async () => {
  server = new RPCServer({ protocols: ['ocpp1.6'], strictMode: true });
  server.on('client', (client: RPCServerClient) => {
    station = client;
    const record = (action: string, answer: (p: Record<string, unknown>) => object) =>
      client.handle(action, ({ params }) => {
        const p = params as Record<string, unknown>;
        heard.push({ action, params: p });
        return Promise.resolve(answer(p));
      });
    record('BootNotification', () => ({
      status: 'Accepted',
      currentTime: new Date().toISOString(),
      interval: 60,
    }));
    record('StatusNotification', () => ({}));
    record('Authorize', (p) => ({
      idTagInfo: { status: p.idTag === 'GOOD' ? 'Accepted' : 'Invalid' },
    }));
    record('StartTransaction', () => ({
      transactionId: (nextTransactionId += 1),
      idTagInfo: { status: 'Accepted' },
    }));
    record('MeterValues', () => ({}));
    record('StopTransaction', () => ({}));
  });
  const http = await server.listen(0, '127.0.0.1');
  url = `ws://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterAll(() => server.close({ force: true }));

const statuses = () =>
  heard.filter((m) => m.action === 'StatusNotification').map((m) => m.params.status);

// A ceiling that only bounds a hang: a loaded machine is slow, not wrong.
async function until(check: () => boolean) {
  const deadline = Date.now() + 60_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((done) => setTimeout(done, 20));
  }
}

function command(action: string, params: object) {
  if (!station) throw new Error('no station');
  return station.call(action, params);
}

/** A started simulator with one connector unless `options` say, heard afresh. */
async function startedSimulator(chargePointId: string, options: Partial<SimulatorOptions> = {}) {
  heard.length = 0;
  const sim = new ChargePointSimulator({ url, chargePointId, connectors: 1, ...options });
  await sim.start();
  return sim;
}

async function startRemotely(sim: ChargePointSimulator, connectorId: number) {
  await command('RemoteStartTransaction', { idTag: 'T', connectorId });
  await until(() => sim.transactionId(connectorId) !== null);
}

/** Stops the connector's transaction remotely; the charger reports Finishing. */
async function stopRemotely(sim: ChargePointSimulator, connectorId: number) {
  await command('RemoteStopTransaction', { transactionId: sim.transactionId(connectorId) });
  await until(() => sim.status(connectorId) === 'Finishing');
}

describe('simulator state machine', () => {
  test('remote start, pause, vehicle suspend, resume and remote stop', async () => {
    heard.length = 0;
    const sim = new ChargePointSimulator({
      url,
      chargePointId: 'SM-1',
      connectors: 1,
      meterIntervalMs: 30,
      rampSeconds: 0.01,
    });
    await sim.start();
    expect(await command('RemoteStartTransaction', { idTag: 'T', connectorId: 1 })).toEqual({
      status: 'Accepted',
    });
    await until(() => sim.status(1) === 'Charging' && sim.transactionId(1) !== null);
    expect(await command('RemoteStartTransaction', { idTag: 'T', connectorId: 1 })).toEqual({
      status: 'Rejected',
    });
    const profile = (limit: number) => ({
      connectorId: 1,
      csChargingProfiles: {
        chargingProfileId: 1,
        stackLevel: 0,
        chargingProfilePurpose: 'TxProfile',
        chargingProfileKind: 'Relative',
        chargingSchedule: {
          chargingRateUnit: 'A',
          chargingSchedulePeriod: [{ startPeriod: 0, limit }],
        },
      },
    });
    await command('SetChargingProfile', profile(0));
    await until(() => sim.status(1) === 'SuspendedEVSE');
    await command('ClearChargingProfile', {});
    await until(() => sim.status(1) === 'Charging');
    await sim.suspendByVehicle(1, true);
    expect(sim.status(1)).toBe('SuspendedEV');
    await sim.suspendByVehicle(1, false);
    await until(() => heard.some((m) => m.action === 'MeterValues'));
    await command('RemoteStopTransaction', { transactionId: sim.transactionId(1) });
    await until(() => sim.status(1) === 'Available');
    expect(statuses().slice(1)).toEqual([
      'Preparing',
      'Charging',
      'SuspendedEVSE',
      'Charging',
      'SuspendedEV',
      'Charging',
      'Finishing',
      'Available',
    ]);
    const stop = heard.find((m) => m.action === 'StopTransaction');
    expect(stop?.params.meterStop).toBe(Math.round(sim.energyWh(1)));
    await sim.stop();
  });

  test('a cable kept plugged stays Finishing after the stop until it is unplugged', async () => {
    const sim = await startedSimulator('SM-3');
    sim.keepCablePlugged(1);
    await startRemotely(sim, 1);
    await stopRemotely(sim, 1);
    await until(() => heard.some((m) => m.action === 'StopTransaction'));
    expect(sim.status(1)).toBe('Finishing');
    // The bay is still taken: a new remote start is refused.
    expect(await command('RemoteStartTransaction', { idTag: 'T', connectorId: 1 })).toEqual({
      status: 'Rejected',
    });
    await sim.unplug(1);
    expect(statuses().slice(-2)).toEqual(['Finishing', 'Available']);
    await sim.stop();
  });

  test('a driver who comes back later takes the cable out then', async () => {
    const sim = await startedSimulator('SM-4', { unplugAfterMs: 300 });
    await startRemotely(sim, 1);
    const stoppedAt = Date.now();
    await stopRemotely(sim, 1);
    await until(() => sim.status(1) === 'Available');
    expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(300);
    await sim.stop();
  });

  test('a cable left in is taken out soon after an UnlockConnector, not during a charge', async () => {
    const sim = await startedSimulator('SM-5', { connectors: 2, unplugAfterMs: 60_000 });
    await startRemotely(sim, 1);
    await startRemotely(sim, 2);
    expect(await command('UnlockConnector', { connectorId: 2 })).toEqual({ status: 'Unlocked' });
    await stopRemotely(sim, 1);
    expect(await command('UnlockConnector', { connectorId: 1 })).toEqual({ status: 'Unlocked' });
    await until(() => sim.status(1) === 'Available');
    expect(sim.status(2)).toBe('Charging');
    expect(await command('UnlockConnector', { connectorId: 3 })).toEqual({
      status: 'UnlockFailed',
    });
    await sim.stop();
  });

  test('an unknown tag does not start; messages queued offline are replayed in order', async () => {
    heard.length = 0;
    const sim = new ChargePointSimulator({ url, chargePointId: 'SM-2', connectors: 1 });
    await sim.start();
    await expect(sim.presentTag(1, 'BAD')).resolves.toBe('Invalid');
    expect(sim.status(1)).toBe('Available');
    await sim.stop();
    heard.length = 0;
    // Offline: the start and stop wait in the queue.
    await expect(sim.presentTag(1, 'GOOD')).rejects.toThrow();
    await sim.start();
    await sim.presentTag(1, 'GOOD');
    await sim.stop();
    await sim.stopTransaction(1);
    expect(sim.queued).toBe(1);
    await sim.start();
    expect(sim.queued).toBe(0);
    const transactionMessages = heard
      .filter((m) => m.action === 'StartTransaction' || m.action === 'StopTransaction')
      .map((m) => m.action);
    expect(transactionMessages).toEqual(['StartTransaction', 'StopTransaction']);
    const started = nextTransactionId;
    expect(heard.find((m) => m.action === 'StopTransaction')?.params.transactionId).toBe(started);
    await sim.stop();
  });

  test('a default profile closed now holds a new charge at SuspendedEVSE, drawing nothing, until its slot opens', async () => {
    const sim = await startedSimulator('SM-PROFILE', { meterIntervalMs: 30, rampSeconds: 0.01 });
    const opensAt = Date.now() + 1500;
    const closed = {
      connectorId: 0,
      csChargingProfiles: {
        chargingProfileId: 40,
        stackLevel: 0,
        chargingProfilePurpose: 'TxDefaultProfile',
        chargingProfileKind: 'Absolute',
        chargingSchedule: {
          startSchedule: new Date(opensAt - 3_600_000).toISOString(),
          chargingRateUnit: 'A',
          chargingSchedulePeriod: [
            { startPeriod: 0, limit: 0 },
            { startPeriod: 3600, limit: 16 },
          ],
        },
      },
    };
    expect(await command('SetChargingProfile', closed)).toEqual({ status: 'Accepted' });
    const composite = (await command('GetCompositeSchedule', { connectorId: 1, duration: 60 })) as {
      status: string;
      chargingSchedule: { chargingSchedulePeriod: { startPeriod: number; limit: number }[] };
    };
    expect(composite.status).toBe('Accepted');
    expect(composite.chargingSchedule.chargingSchedulePeriod[0]).toEqual({
      startPeriod: 0,
      limit: 0,
    });
    expect(composite.chargingSchedule.chargingSchedulePeriod[1]?.limit).toBe(16);

    await startRemotely(sim, 1);
    const atStart = sim.energyWh(1);
    expect(sim.status(1)).toBe('SuspendedEVSE');
    // Until the slot opens the car draws nothing; then it charges.
    await until(() => {
      if (sim.status(1) === 'SuspendedEVSE') expect(sim.energyWh(1)).toBe(atStart);
      return sim.status(1) === 'Charging';
    });
    expect(Date.now()).toBeGreaterThanOrEqual(opensAt);
    expect(statuses()).toContain('SuspendedEVSE');
    await until(() => sim.energyWh(1) > atStart);
    expect(await command('ClearChargingProfile', { id: 40 })).toEqual({ status: 'Accepted' });
    expect(await command('ClearChargingProfile', { id: 40 })).toEqual({ status: 'Unknown' });
    await command('RemoteStopTransaction', { transactionId: sim.transactionId(1) });
    await until(() => sim.status(1) === 'Available');
    await sim.stop();
  });
});
