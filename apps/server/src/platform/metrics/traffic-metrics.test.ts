import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sessionSteps } from '../../modules/sessions/test-support.ts';
import { testConfig } from '../../test/test-app.ts';
import { startTestBed, type TestBed } from '../../test/test-bed.ts';
import { sandboxDefaultCard } from '../../test/test-payments.ts';
import { newId } from '../crypto.ts';

const TOKEN = 'metrics-token-for-the-traffic-tests';

let bed: TestBed;
beforeAll(async () => {
  bed = await startTestBed({ config: testConfig({ metricsToken: TOKEN }) });
});
afterAll(() => bed.close());

const { start, chargeThenStop, heldIntent } = sessionSteps(() => bed);

async function scrape(): Promise<string> {
  const answer = await bed.t.app.inject({
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(answer.statusCode).toBe(200);
  return answer.body;
}

/** The value of one series in an exposition, 0 when it has none yet. */
function valueOf(exposition: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([label, value]) => `${label}="${value}"`);
  for (const line of exposition.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const given = line.slice(name.length + 1, line.lastIndexOf('}')).split(',');
    if (wanted.length === given.length && wanted.every((pair) => given.includes(pair))) {
      return Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return 0;
}

/** How much each series grew since `before`, once they have all grown by at least so much. */
async function grown(
  before: string,
  series: [name: string, labels: Record<string, string>, by: number][],
): Promise<number[]> {
  let now = before;
  const growth = () =>
    series.map(([name, labels]) => valueOf(now, name, labels) - valueOf(before, name, labels));
  await expect
    .poll(
      async () => {
        now = await scrape();
        return growth().every((value, index) => value >= (series[index]?.[2] ?? 0));
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return growth();
}

describe('/metrics after real traffic', () => {
  test("a charger's messages by action, CALLERRORs by code, and their handling", async () => {
    await bed.charger('CP-METRICS-1', '7301');
    const charger = bed.ocppClient('CP-METRICS-1');
    await charger.connect();
    const before = await scrape();
    await charger.call('BootNotification', { chargePointVendor: 'Acme', chargePointModel: 'M' });
    await charger.call('Heartbeat', {});
    // Past the client's own schema checks: what a faulty charger sends.
    charger.sendRaw(
      JSON.stringify([
        2,
        'bad-status',
        'StatusNotification',
        { connectorId: 1, errorCode: 'NoError', status: 'Napping' },
      ]),
    );
    charger.sendRaw(JSON.stringify([2, 'bad-action', 'OpenThePodBayDoors', {}]));
    charger.sendRaw('not a frame');
    const messages = 'evc_ocpp_messages_total';
    const callErrors = 'evc_ocpp_callerrors_total';
    const handled = 'evc_ocpp_message_handling_seconds_count';
    const growth = await grown(before, [
      [messages, { action: 'BootNotification', outcome: 'answered' }, 1],
      [messages, { action: 'Heartbeat', outcome: 'answered' }, 1],
      [messages, { action: 'StatusNotification', outcome: 'callerror' }, 1],
      [callErrors, { action: 'StatusNotification', code: 'FormationViolation' }, 1],
      [callErrors, { action: 'other', code: 'NotImplemented' }, 1],
      [callErrors, { action: 'other', code: 'RpcFrameworkError' }, 1],
      [messages, { action: 'other', outcome: 'callerror' }, 2],
      [handled, { action: 'BootNotification' }, 1],
      [handled, { action: 'Heartbeat' }, 1],
      [handled, { action: 'StatusNotification' }, 0],
    ]);
    expect(growth).toEqual([1, 1, 1, 1, 1, 1, 2, 1, 1, 0]);
    // The message the schema refused never reached its handler; no name it sent is a label.
    const exposition = await scrape();
    expect(exposition).not.toContain('OpenThePodBayDoors');
    expect(exposition).not.toContain('CP-METRICS-1');
  });

  test("commands' round trips by outcome: answered, rejected by the charger, offline", async () => {
    const refusing = await bed.charger('CP-METRICS-2', '7302');
    const charger = bed.ocppClient('CP-METRICS-2');
    charger.handle('RemoteStartTransaction', () => Promise.resolve({ status: 'Rejected' }));
    charger.handle('Reset', () => Promise.resolve({ status: 'Accepted' }));
    await charger.connect();
    // Answered once the connection owns the charger: commands find it from then on.
    await charger.call('BootNotification', { chargePointVendor: 'Acme', chargePointModel: 'M' });
    const offline = await bed.charger('CP-METRICS-3', '7303');
    const before = await scrape();
    const { commands } = bed.t.services;
    expect(await commands.remoteStart(refusing._id, { idTag: 'TAG-1' })).toEqual({
      status: 'Rejected',
    });
    expect(await commands.reset(refusing._id, 'Soft')).toEqual({ status: 'Accepted' });
    await expect(commands.reset(offline._id, 'Soft')).rejects.toMatchObject({
      code: 'CHARGER_OFFLINE',
    });
    const timed = 'evc_ocpp_command_duration_seconds_count';
    expect(
      await grown(before, [
        [timed, { action: 'RemoteStartTransaction', outcome: 'rejected' }, 1],
        [timed, { action: 'Reset', outcome: 'answered' }, 1],
        [timed, { action: 'Reset', outcome: 'offline' }, 1],
      ]),
    ).toEqual([1, 1, 1]);
  });

  test('a paid session: its remote start and stop, the hold, the capture, and the statements', async () => {
    const { charger } = await bed.liveCharger('CP-METRICS-PAYG', '7304');
    const before = await scrape();
    const intentId = await heldIntent(charger._id);
    const started = await start(bed.driver, {
      chargerid: charger._id,
      connectorid: 1,
      source: 'PAYG',
      intent_id: intentId,
    });
    const done = await chargeThenStop(bed.driver, started._id);
    expect(done.payment.status).toBe('captured');
    // An off-session hold on a card its bank declines (an RFID start does this).
    await sandboxDefaultCard(bed.t, bed.driver, '4000000000000341');
    await bed.t.services.sessionPayments
      .holdDefaultCard({
        userId: bed.driverId,
        sessionId: newId(),
        tariff: { free: false, currency: 'GBP' },
      })
      .catch(() => undefined);
    const command = 'evc_ocpp_command_duration_seconds_count';
    const payment = 'evc_payment_operations_total';
    const statements = 'evc_db_statement_duration_seconds_count';
    const sandbox = (operation: string, outcome: string) => ({
      operation,
      outcome,
      provider: 'sandbox',
    });
    const growth = await grown(before, [
      [command, { action: 'RemoteStartTransaction', outcome: 'answered' }, 1],
      [command, { action: 'RemoteStopTransaction', outcome: 'answered' }, 1],
      [payment, sandbox('card_setup', 'succeeded'), 2],
      [payment, sandbox('charge_intent', 'succeeded'), 1],
      [payment, sandbox('capture', 'succeeded'), 1],
      [payment, sandbox('hold', 'declined'), 1],
      [statements, { kind: 'statement' }, 1],
      [statements, { kind: 'transaction' }, 1],
      [statements, { kind: 'pipelined_read' }, bed.t.database.kind === 'postgres' ? 1 : 0],
    ]);
    expect(growth.slice(0, 6)).toEqual([1, 1, 2, 1, 1, 1]);
    const exposition = await scrape();
    expect(
      valueOf(exposition, 'evc_db_statement_duration_seconds_sum', { kind: 'statement' }),
    ).toBeGreaterThan(0);
    expect(exposition).not.toContain(intentId);
  });
});
