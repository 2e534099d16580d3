import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RPCClient, RPCError } from 'ocpp-rpc';
import { UNSTORABLE_TEXT_MESSAGE } from '@evc/domain';
import type { TestApp } from '../../test/test-app.ts';
import { startTestBed, type TestBed } from '../../test/test-bed.ts';

let bed: TestBed;
let t: TestApp;

const provision = (chargePointId: string, barcode: string) => bed.charger(chargePointId, barcode);

async function connect(identity: string): Promise<RPCClient> {
  const client = bed.ocppClient(identity);
  await client.connect();
  return client;
}

const online = async (chargerId: string) => {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const answer = await t.services.commands.send(chargerId, 'GetConfiguration', {}).then(
      () => true,
      (error: unknown) => (error as { code?: string }).code !== 'CHARGER_OFFLINE',
    );
    if (answer) return;
    await new Promise((done) => setTimeout(done, 50));
  }
};

beforeAll(async () => {
  bed = await startTestBed({ ocpp: { commandTimeoutMs: 300 } });
  t = bed.t;
});

afterAll(() => bed.close());

describe('OCPP transactions and commands', () => {
  test('an unknown tag is Invalid and its attempt recorded', async () => {
    const charger = await provision('CP-TX-1', '3201');
    const client = await connect('CP-TX-1');
    const answer = (await client.call('Authorize', { idTag: 'CARD-UNKNOWN' })) as {
      idTagInfo: { status: string };
    };
    expect(answer.idTagInfo.status).toBe('Invalid');
    const attempts = await t.services.transactions.authorizeAttempts(
      charger._id,
      'Invalid',
      new Date(Date.now() - 60_000),
    );
    expect(attempts.map((a) => a.idTag)).toEqual(['CARD-UNKNOWN']);
  });

  test('replayed start and stop messages are taken once', async () => {
    const charger = await provision('CP-TX-2', '3202');
    await t.services.transactions.issueTag('REMOTE-TAG-1', null, 'remote');
    const client = await connect('CP-TX-2');
    const start = {
      connectorId: 1,
      idTag: 'REMOTE-TAG-1',
      meterStart: 1000,
      timestamp: '2026-01-01T10:00:00.000Z',
    };
    const first = (await client.call('StartTransaction', start)) as {
      transactionId: number;
      idTagInfo: { status: string };
    };
    const replay = (await client.call('StartTransaction', start)) as { transactionId: number };
    expect(first.idTagInfo.status).toBe('Accepted');
    expect(replay.transactionId).toBe(first.transactionId);

    const meter = {
      connectorId: 1,
      transactionId: first.transactionId,
      meterValue: [
        {
          timestamp: '2026-01-01T10:10:00.000Z',
          sampledValue: [
            { value: '2500', measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
            { value: '7.2', measurand: 'Power.Active.Import', unit: 'kW' },
          ],
        },
      ],
    };
    await client.call('MeterValues', meter);
    await client.call('MeterValues', meter);
    const stop = {
      transactionId: first.transactionId,
      meterStop: 4000,
      timestamp: '2026-01-01T10:30:00.000Z',
      reason: 'Remote',
    };
    await client.call('StopTransaction', stop);
    await client.call('StopTransaction', { ...stop, meterStop: 9999 });

    const rows = await t.services.transactions.forCharger(charger._id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ meterStartWh: 1000, meterStopWh: 4000, stopReason: 'Remote' });
    const samples = await t.services.transactions.meterValues(first.transactionId);
    expect(samples.map((s) => [s.energyWh, s.powerW])).toEqual([[2500, 7200]]);
  });

  test('a stop for a transaction never issued is answered, creates nothing and moves no id', async () => {
    const charger = await provision('CP-TX-3', '3203');
    await t.services.transactions.issueTag('REMOTE-TAG-3', null, 'remote');
    const client = await connect('CP-TX-3');
    const stop = { meterStop: 5000, timestamp: '2026-01-01T11:00:00.000Z' };
    await expect(
      client.call('StopTransaction', { ...stop, transactionId: 2147483647, idTag: 'CARD-ANY' }),
    ).resolves.toEqual({ idTagInfo: { status: 'Accepted' } });
    await expect(
      client.call('StopTransaction', { ...stop, transactionId: 987654 }),
    ).resolves.toEqual({});
    expect(await t.services.transactions.forCharger(charger._id)).toEqual([]);
    await expect(
      client.call('MeterValues', {
        connectorId: 1,
        transactionId: 987654,
        meterValue: [{ timestamp: stop.timestamp, sampledValue: [{ value: '4000' }] }],
      }),
    ).resolves.toEqual({});
    expect(await t.services.transactions.meterValues(987654)).toEqual([]);

    // Transaction ids go on from where the central system left them, for every charger.
    const started = (await client.call('StartTransaction', {
      connectorId: 1,
      idTag: 'REMOTE-TAG-3',
      meterStart: 0,
      timestamp: '2026-01-01T12:00:00.000Z',
    })) as { transactionId: number; idTagInfo: { status: string } };
    expect(started.idTagInfo.status).toBe('Accepted');
    expect(started.transactionId).toBeLessThan(987654);
  });

  test('a failure inside is answered with a bare InternalError, a bad message with what is wrong', async () => {
    const charger = await provision('CP-TX-5', '3205');
    const client = await connect('CP-TX-5');
    const refusal = (action: string, params: object) =>
      client.call(action, params).then(
        () => undefined,
        (error: unknown) => {
          const { rpcErrorCode, message, details } = error as RPCError & { details: unknown };
          return { code: rpcErrorCode, message, details };
        },
      );
    // A connector number beyond what the database stores: the insert fails inside.
    await expect(
      refusal('StartTransaction', {
        connectorId: 2 ** 40,
        idTag: 'CARD-ANY',
        meterStart: 0,
        timestamp: '2026-01-01T12:00:00.000Z',
      }),
    ).resolves.toEqual({
      code: 'InternalError',
      message: 'The message could not be handled',
      details: {},
    });
    await expect(
      refusal('MeterValues', { connectorId: 'one', meterValue: [] }),
    ).resolves.toMatchObject({
      code: 'TypeConstraintViolation',
      message: expect.stringContaining('connectorId') as unknown,
    });

    // A NUL or a lone surrogate in any string is refused before any handler, naming its field.
    const unstorable: [string, object, string][] = [
      ['Authorize', { idTag: 'CARD\u0000' }, 'idTag'],
      [
        'BootNotification',
        { chargePointVendor: 'Acme\uD800', chargePointModel: 'X' },
        'chargePointVendor',
      ],
      ['DataTransfer', { vendorId: '\uDC00vendor' }, 'vendorId'],
      [
        'MeterValues',
        {
          connectorId: 1,
          meterValue: [
            { timestamp: '2026-01-01T12:00:00.000Z', sampledValue: [{ value: '1\u0000' }] },
          ],
        },
        'meterValue[0].sampledValue[0].value',
      ],
    ];
    for (const [action, params, field] of unstorable) {
      await expect(refusal(action, params)).resolves.toMatchObject({
        code: 'PropertyConstraintViolation',
        message: `${field}: ${UNSTORABLE_TEXT_MESSAGE}`,
      });
    }
    const since = new Date(Date.now() - 60_000);
    // Only the start that failed inside was authorised; the refused messages reached nothing.
    const attempts = await t.services.transactions.authorizeAttempts(charger._id, 'Invalid', since);
    expect(attempts.map((attempt) => attempt.idTag)).toEqual(['CARD-ANY']);
    expect((await client.call('Heartbeat', {})) as object).toHaveProperty('currentTime');
  });

  test('commands reach the charger, and fail clearly when it is offline or silent', async () => {
    const charger = await provision('CP-TX-4', '3204');
    const { commands } = t.services;
    await expect(commands.reset(charger._id, 'Soft')).rejects.toMatchObject({
      statusCode: 409,
      code: 'CHARGER_OFFLINE',
      message: 'Charger Unavailable',
    });
    const client = await connect('CP-TX-4');
    client.handle('RemoteStartTransaction', () => Promise.resolve({ status: 'Accepted' }));
    client.handle('Reset', () => new Promise(() => undefined));
    client.handle('GetConfiguration', () => Promise.resolve({ configurationKey: [] }));
    await online(charger._id);
    await expect(
      commands.remoteStart(charger._id, { idTag: 'REMOTE-TAG-2', connectorId: 1 }),
    ).resolves.toEqual({ status: 'Accepted' });
    await expect(commands.reset(charger._id, 'Soft')).rejects.toMatchObject({
      statusCode: 504,
      code: 'CHARGER_TIMEOUT',
    });
  });
});
