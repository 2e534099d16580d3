import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASQUERADE_REFUSED_CALLS } from '@evc/contract';
import { supportAudit } from '../../platform/db/support-schema.ts';
import { createTestApp, DRIVER, testClock, type TestApp } from '../../test/test-app.ts';
import { listenOnLoopback } from '../../test/test-chargers.ts';
import { userRow } from '../../test/test-users.ts';
import { newGuest } from '../guests/test-support.ts';
import { staffToken, SUPPORT } from './test-support.ts';

const clock = testClock();
let t: TestApp;
let staff: string;
let staffId: string;
let driverId: string;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  staff = await staffToken(t);
  staffId = (await userRow(t, SUPPORT.email)).id;
  driverId = (await userRow(t, DRIVER.email)).id;
});
afterAll(() => t.close());

interface Masquerade {
  kind: string;
  driverId: string;
  token: string;
  expiry: string;
  masquerade: true;
}
interface AuditRow {
  action: string;
  staffId: string;
  targetKind: string;
  targetId: string | null;
  reason: string | null;
  masquerade: boolean;
  outcome: string;
}

const masquerade = async (id: string, reason: string) => {
  const answer = await t.call('consoleMasquerade', {
    token: staff,
    params: { driverid: id },
    body: { reason },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as Masquerade;
};
const auditOf = async (target: string) =>
  (
    (await t.call('consoleAudit', { token: staff, query: { target } })).body.data as {
      entries: AuditRow[];
    }
  ).entries;

describe('masquerade as a driver (issue 18)', () => {
  let as: Masquerade;

  it('gives a 30-minute access token and no refresh token, that the app reads as masquerade', async () => {
    const before = clock.now().getTime();
    as = await masquerade(driverId, 'Driver cannot find their receipt');
    expect(as).toMatchObject({ kind: 'user', driverId, masquerade: true });
    expect(as).not.toHaveProperty('refresh');
    const lifetime = new Date(as.expiry).getTime() - before;
    expect(lifetime).toBeGreaterThan(29 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(30 * 60_000);
    const check = await t.call('checkToken', { token: as.token, body: {} });
    expect(check.body.data).toEqual({ valid: true, expiry: as.expiry, masquerade: true });
    const me = await t.call('userdata', { token: as.token, body: {} });
    expect(me.body.data).toMatchObject({ email: DRIVER.email });
  });

  it('the driver’s own sign-in is not a masquerade', async () => {
    const own = (await t.login(DRIVER)).token;
    const check = await t.call('checkToken', { token: own, body: {} });
    expect(check.body.data).not.toHaveProperty('masquerade');
  });

  it.each(MASQUERADE_REFUSED_CALLS)('refuses %s', async (name) => {
    const answer = await t.call(name, { token: as.token, body: {} });
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('MASQUERADE_REFUSED');
  });

  it('refuses the console’s calls too, and cannot be refreshed', async () => {
    const console = await t.call('consoleChargers', { token: as.token });
    expect(console.status).toBe(403);
    const refresh = await t.call('refreshToken', { token: as.token, body: { uuid: 'console' } });
    expect(refresh.status).toBe(401);
  });

  it('audits the masquerade and every call made with it, refused ones included', async () => {
    const entries = await auditOf(driverId);
    const reason = 'Driver cannot find their receipt';
    expect(entries).toContainEqual(
      expect.objectContaining({
        action: 'consoleMasquerade',
        staffId,
        targetKind: 'user',
        targetId: driverId,
        reason,
        masquerade: false,
        outcome: 'done',
      }),
    );
    for (const action of ['checkToken', 'userdata']) {
      expect(entries).toContainEqual(
        expect.objectContaining({ action, staffId, reason, masquerade: true, outcome: 'done' }),
      );
    }
    for (const action of [...MASQUERADE_REFUSED_CALLS, 'consoleChargers']) {
      expect(entries).toContainEqual(
        expect.objectContaining({ action, staffId, masquerade: true, outcome: 'refused' }),
      );
    }
  });

  it('ends after 30 minutes', async () => {
    clock.advance(30 * 60_000 + 1000);
    const late = await t.call('checkToken', { token: as.token, body: {} });
    expect(late.status).toBe(401);
    expect(late.body.code).toBe('TOKEN_EXPIRED');
    staff = await staffToken(t);
  });

  it('needs a reason, and a driver or guest that exists', async () => {
    const noReason = await t.call('consoleMasquerade', {
      token: staff,
      params: { driverid: driverId },
      body: { reason: '' },
    });
    expect(noReason.status).toBe(400);
    const nobody = await t.call('consoleMasquerade', {
      token: staff,
      params: { driverid: 'nobody' },
      body: { reason: 'Checking' },
    });
    expect(nobody.status).toBe(404);
  });
});

describe('masquerade as a guest', () => {
  it('gives a guest token carrying the masquerade, audited against the guest', async () => {
    const guest = await newGuest(t, 'guest-helped');
    const as = await masquerade(guest.id, 'Guest says the charge did not start');
    expect(as.kind).toBe('guest');
    const check = await t.call('checkToken', { token: as.token, body: {} });
    expect(check.body.data).toMatchObject({ masquerade: true });
    const entries = await auditOf(guest.id);
    expect(entries).toContainEqual(
      expect.objectContaining({ action: 'checkToken', targetKind: 'guest', masquerade: true }),
    );
  });
});

describe('live event streams with a masquerade token', () => {
  it('are audited like calls', async () => {
    const base = await listenOnLoopback(t);
    const as = await masquerade(driverId, 'Watching the live session with the driver');
    const abort = new AbortController();
    const response = await fetch(`http://${base}/api/events/sessions`, {
      headers: { authorization: `Bearer ${as.token}` },
      signal: abort.signal,
    });
    expect(response.status).toBe(200);
    abort.abort();
    expect(await auditOf(driverId)).toContainEqual(
      expect.objectContaining({
        action: 'sessionEvents',
        masquerade: true,
        reason: 'Watching the live session with the driver',
      }),
    );
  });
});

describe('the audit log', () => {
  it('cannot be changed nor emptied, even by the database’s own user', async () => {
    const { db } = t.database;
    await expect(db.update(supportAudit).set({ reason: 'rewritten' })).rejects.toThrow();
    await expect(db.delete(supportAudit)).rejects.toThrow();
    expect((await auditOf(driverId)).some((entry) => entry.reason === 'rewritten')).toBe(false);
  });
});
