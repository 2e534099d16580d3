import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ChargePoint } from '@voltbras/ts-ocpp';
import { validateMessageResponse } from '@voltbras/ts-ocpp/dist/messages/validation.js';
import { chargePointActions } from '@voltbras/ts-ocpp/dist/messages/cp/index.js';
import { DRIVER } from '../../test/test-app.ts';
import { startTestBed, type TestBed } from '../../test/test-bed.ts';
import { remoteStart, remoteStop, sessionView } from '../../test/test-sessions.ts';
import { setStoredBalance, until, userRow } from '../../test/test-users.ts';

/*
 * The central system against a charge point it did not write: @voltbras/ts-ocpp's ChargePoint
 * (OCPP 1.6J) refuses any command of ours that breaks the OCPP schemas, and every answer we give
 * it is checked here against the same library's response schemas.
 */

type Command = { action: string; ocppVersion: 'v1.6-json' } & Record<string, unknown>;

let bed: TestBed;
let chargePoint: ChargePoint;
/** Commands the central system sent, in order, as the charge point received them. */
const received: Command[] = [];

/** Answers the central system's commands as an ordinary charger does. */
function answer(command: Command): Record<string, unknown> {
  received.push(command);
  const reply = { action: command.action, ocppVersion: command.ocppVersion };
  switch (command.action) {
    case 'RemoteStartTransaction':
    case 'RemoteStopTransaction':
    case 'SetChargingProfile':
    case 'ClearChargingProfile':
      return { ...reply, status: 'Accepted' };
    case 'UnlockConnector':
      return { ...reply, status: 'Unlocked' };
    default:
      throw new Error(`${command.action} is not supported by this charge point`);
  }
}

/** Sends a request and answers the central system's reply once it passed the library's schema. */
async function send(action: string, payload: Record<string, unknown>) {
  const response = await chargePoint
    .sendRequest({ action, ocppVersion: 'v1.6-json', payload } as never)
    .run();
  const body = response.either(
    (error) => {
      throw new Error(`${action} failed: ${String(error)}`);
    },
    (value) => value as unknown as Record<string, unknown>,
  );
  const checked = validateMessageResponse(action, body, chargePointActions);
  const problem = checked.isLeft() ? checked.extract().message : '';
  expect(problem, `${action} answered ${JSON.stringify(body)}`).toBe('');
  return body;
}

const now = () => new Date().toISOString();
const status = (connectorId: number, value: string) =>
  send('StatusNotification', {
    connectorId,
    errorCode: 'NoError',
    status: value,
    timestamp: now(),
  });

beforeAll(async () => {
  bed = await startTestBed();
  // ts-ocpp's ChargePoint sends no Basic auth: the operator provisions it to need none.
  await bed.charger('TSOCPP-1', '5901', {
    tariff: { standard_rate: 0.45, currency: 'GBP' },
    allowNoPassword: true,
  });
  chargePoint = new ChargePoint(
    'TSOCPP-1',
    (request) => answer(request as unknown as Command) as never,
    `ws://${bed.base}/ocpp`,
  );
  await chargePoint.connect();
}, 120_000);

afterAll(async () => {
  chargePoint?.close();
  await bed.close();
});

describe('an independent OCPP 1.6J charge point', () => {
  test('boots, beats and reports, each answer within the OCPP schemas', async () => {
    const boot = await send('BootNotification', {
      chargePointVendor: 'Voltbras',
      chargePointModel: 'ts-ocpp',
      chargePointSerialNumber: 'TS-0001',
      firmwareVersion: '2.7.3',
    });
    expect(boot.status).toBe('Accepted');
    expect(boot.interval).toBeGreaterThan(0);
    expect((await send('Heartbeat', {})).currentTime).toEqual(expect.any(String));
    await status(0, 'Available');
    await status(1, 'Available');
    expect(await send('Authorize', { idTag: 'UNKNOWN-TAG' })).toEqual({
      idTagInfo: { status: 'Invalid' },
    });
    expect(await send('DataTransfer', { vendorId: 'com.example', messageId: 'x' })).toEqual({
      status: 'UnknownVendorId',
    });
    await send('DiagnosticsStatusNotification', { status: 'Idle' });
    await send('FirmwareStatusNotification', { status: 'Idle' });
  });

  test('a driver charges there: remote start, meter values, remote stop, billed once', async () => {
    await setStoredBalance(bed.t, DRIVER.email, -5000);
    const chargers = await bed.t.call('getChargerByBarcode', {
      token: bed.driver,
      body: { barcode: '5901' },
    });
    const chargerId = (chargers.body.data as { _id: string })._id;
    const started = await remoteStart(bed.t, bed.driver, {
      chargerid: chargerId,
      connectorid: 1,
      source: 'CREDIT',
    });
    const startCommand = await until(
      () => Promise.resolve(received.find((c) => c.action === 'RemoteStartTransaction')),
      (command) => command !== undefined,
    );
    expect(startCommand?.connectorId).toBe(1);
    const idTag = String(startCommand?.idTag);

    await status(1, 'Preparing');
    const tx = await send('StartTransaction', {
      connectorId: 1,
      idTag,
      meterStart: 1000,
      timestamp: now(),
    });
    expect(tx.idTagInfo).toEqual({ status: 'Accepted' });
    const transactionId = tx.transactionId as number;
    await status(1, 'Charging');
    await send('MeterValues', {
      connectorId: 1,
      transactionId,
      meterValue: [
        {
          timestamp: now(),
          sampledValue: [{ value: '3000', measurand: 'Energy.Active.Import.Register', unit: 'Wh' }],
        },
      ],
    });
    const charging = await until(
      () => sessionView(bed.t, bed.driver, started._id),
      (view) => view.kWh === 2,
    );
    expect(charging.state).toBe('charging');
    expect(charging.id).toBe(transactionId);

    await remoteStop(bed.t, bed.driver, started._id);
    const stopCommand = received.find((c) => c.action === 'RemoteStopTransaction');
    expect(stopCommand?.transactionId).toBe(transactionId);
    expect(
      await send('StopTransaction', {
        transactionId,
        idTag,
        meterStop: 5000,
        timestamp: now(),
        reason: 'Remote',
      }),
    ).toEqual({ idTagInfo: { status: 'Accepted' } });
    await status(1, 'Finishing');
    await status(1, 'Available');

    // 4 kWh at 45p: 180p, taken once from the driver's credit of 5000.
    const done = await until(
      () => sessionView(bed.t, bed.driver, started._id),
      (view) => view.state === 'finished' && view.payment.status !== 'none',
    );
    expect(done.kWh).toBe(4);
    expect(done.data.cost.applied_cost.total).toBe(180);
    expect((await userRow(bed.t, DRIVER.email)).balanceMinor).toBe(-5000 + 180);
  });
});
