import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DriverOverview } from '@evc/contract';
import { connectorStatusHistory } from '../../platform/db/schema.ts';
import { testClock } from '../../test/test-app.ts';
import { startTestBed, type TestBed } from '../../test/test-bed.ts';
import { GOOD_CARD, saveSandboxCard } from '../../test/test-payments.ts';
import { until } from '../../test/test-users.ts';
import { staffToken } from './test-support.ts';

const DAY = 86_400_000;
const clock = testClock();
let bed: TestBed;
let staff: string;

beforeAll(async () => {
  bed = await startTestBed({ now: clock.now });
  staff = await staffToken(bed.t);
});
afterAll(() => bed.close());

describe('a driver’s overview', () => {
  it('shows cards by brand and last 4 only, the balance, and nothing of another driver', async () => {
    await saveSandboxCard(bed.t, bed.driver, GOOD_CARD);
    const answer = await bed.t.call('consoleDriverOverview', {
      token: staff,
      params: { driverid: bed.driverId },
    });
    expect(answer.status).toBe(200);
    const seen = answer.body.data as DriverOverview;
    expect(seen.driver).toMatchObject({ kind: 'user', email: 'driver@example.com' });
    expect(seen.cards).toEqual([
      { brand: 'visa', last4: '4242', source: 'PAYG', isDefault: expect.any(Boolean) as boolean },
    ]);
    expect(seen.balance).toMatchObject({ currency: 'GBP' });
    const nobody = await bed.t.call('consoleDriverOverview', {
      token: staff,
      params: { driverid: 'no-such-driver' },
    });
    expect(nobody.status).toBe(404);
  });

  it('records every search with what was asked', async () => {
    const query = 'driver@example.com';
    const found = await bed.t.call('consoleFindDrivers', { token: staff, body: { query } });
    expect(found.status).toBe(200);
    const audit = await bed.t.call('consoleAudit', { token: staff });
    expect((audit.body.data as { entries: unknown[] }).entries).toContainEqual(
      expect.objectContaining({ action: 'consoleFindDrivers', detail: query, outcome: 'done' }),
    );
  });
});

describe('regulation 7 availability', () => {
  it('keeps a charger’s time away in the status history: Offline, then its status once back', async () => {
    const charger = await bed.charger('CP-SUPPORT-AWAY', '5951');
    const history = async () =>
      (
        await bed.t.database.db
          .select()
          .from(connectorStatusHistory)
          .where(eq(connectorStatusHistory.chargerId, charger._id))
          .orderBy(asc(connectorStatusHistory.id))
      ).map((row) => `${row.connectorNumber}:${row.status}`);
    const connect = async () => {
      const client = bed.ocppClient('CP-SUPPORT-AWAY');
      await client.connect();
      return client;
    };
    const first = await connect();
    await first.call('BootNotification', { chargePointVendor: 'Test', chargePointModel: 'Away' });
    await first.call('StatusNotification', {
      connectorId: 1,
      errorCode: 'NoError',
      status: 'Available',
      timestamp: clock.now().toISOString(),
    });
    await until(history, (rows) => rows.at(-1) === '1:Available');
    await first.close({ force: true });
    await until(history, (rows) => rows.at(-1) === '1:Offline');
    // Back without booting, and without a StatusNotification: its last status again.
    const again = await connect();
    await until(history, (rows) => rows.at(-1) === '1:Available');
    expect((await history()).filter((row) => row === '1:Offline')).toHaveLength(1);
    await again.close({ force: true });
  });

  it('computes the last 30 days from a scripted status history', async () => {
    const charger = await bed.charger('CP-SUPPORT-AVAIL', '5950');
    const now = clock.now().getTime();
    const at = (daysAgo: number) => new Date(now - daysAgo * DAY);
    await bed.t.database.db.insert(connectorStatusHistory).values(
      [
        ['Faulted', 40],
        ['Available', 31],
        ['Faulted', 20],
        ['Available', 17],
        ['Charging', 10],
        ['Unknown', 5],
        ['Available', 4],
      ].map(([status, daysAgo]) => ({
        chargerId: charger._id,
        connectorNumber: 1,
        status: status as string,
        reportedAt: at(daysAgo as number),
      })),
    );
    const answer = await bed.t.call('consoleChargers', { token: staff });
    expect(answer.status).toBe(200);
    const listed = (
      answer.body.data as {
        chargers: {
          id: string;
          availability: number | null;
          downMs: number;
          workingMs: number;
          online: boolean;
          lastHeartbeatAt: string | null;
          connectors: unknown[];
        }[];
      }
    ).chargers.find((c) => c.id === charger._id);
    // 30 days: 3 down (Faulted), 1 excluded (Unknown), 26 working.
    expect(listed).toMatchObject({
      downMs: 3 * DAY,
      workingMs: 26 * DAY,
      availability: Math.round((26 / 29) * 10_000) / 100,
      online: false,
      lastHeartbeatAt: null,
      connectors: [{ connectorId: 1, status: 'Offline' }],
    });
  });
});

describe('the helpline log (regulation 9)', () => {
  const record = (body: object) => bed.t.call('consoleHelplineRecord', { token: staff, body });

  it('records contacts, lists them per quarter and exports the quarter as CSV', async () => {
    const first = await record({
      subject: { kind: 'user', id: bed.driverId },
      channel: 'phone',
      at: '2026-10-05T10:00:00Z',
      actionTaken: 'Stopped the session, refunded, "sorry"',
      resolution: 'Resolved',
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({
      subject: { kind: 'user', id: bed.driverId },
      channel: 'phone',
      at: '2026-10-05T10:00:00.000Z',
    });
    await record({
      subject: { kind: 'charger', id: 'CP-1' },
      channel: 'email',
      at: '2026-11-01T09:00:00Z',
      actionTaken: 'Reset the charger',
      resolution: 'Engineer booked',
    });
    await record({
      subject: { kind: 'none' },
      channel: 'chat',
      at: '2026-08-01T09:00:00Z',
      actionTaken: 'Explained tariffs',
      resolution: 'Answered',
    });
    const q4 = await bed.t.call('consoleHelplineList', {
      token: staff,
      query: { quarter: '2026-Q4' },
    });
    expect((q4.body.data as { contacts: unknown[] }).contacts).toHaveLength(2);

    const csv = await bed.t.app.inject({
      url: '/api/console/helpline/export?quarter=2026-Q4',
      headers: { authorization: `Bearer ${staff}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toContain('helpline-contacts-2026-Q4.csv');
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'id,contacted_at,channel,subject_kind,subject_id,action_taken,resolution,staff_id',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('"Stopped the session, refunded, ""sorry"""');
    expect(lines[2]).toContain('2026-11-01T09:00:00.000Z,email,charger,CP-1');
  });

  it('names the field of a bad contact or quarter', async () => {
    const noId = await record({
      subject: { kind: 'user' },
      channel: 'phone',
      actionTaken: 'x',
      resolution: 'y',
    });
    expect(noId.body).toMatchObject({ code: 'VALIDATION', field: 'subject.id' });
    const future = await record({
      subject: { kind: 'none' },
      channel: 'phone',
      at: new Date(clock.now().getTime() + DAY).toISOString(),
      actionTaken: 'x',
      resolution: 'y',
    });
    expect(future.body).toMatchObject({ code: 'VALIDATION', field: 'at' });
    const badQuarter = await bed.t.app.inject({
      url: '/api/console/helpline/export?quarter=2026-Q5',
      headers: { authorization: `Bearer ${staff}` },
    });
    expect(badQuarter.statusCode).toBe(400);
    expect(badQuarter.json<{ message: string }>().message).toMatch(/quarter/);
  });

  it('keeps helpline records in the audit log', async () => {
    const audit = await bed.t.call('consoleAudit', {
      token: staff,
      query: { target: bed.driverId },
    });
    expect((audit.body.data as { entries: { action: string }[] }).entries).toContainEqual(
      expect.objectContaining({ action: 'consoleHelplineRecord' }),
    );
  });
});
