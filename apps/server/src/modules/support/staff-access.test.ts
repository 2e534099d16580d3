import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, type CallName } from '@evc/contract';
import { createTestApp, DRIVER, OPERATOR, type TestApp } from '../../test/test-app.ts';
import { newGuest } from '../guests/test-support.ts';
import { staffToken } from './test-support.ts';

let t: TestApp;
let staff: string;
let driver: string;
let guest: string;

beforeAll(async () => {
  t = await createTestApp();
  staff = await staffToken(t);
  driver = (await t.login(DRIVER)).token;
  guest = (await newGuest(t)).token;
});
afterAll(() => t.close());

const staffCalls = (Object.keys(calls) as CallName[]).filter(
  (name) => (calls[name] as { staff?: boolean }).staff === true,
);

describe('the console is for staff only (issue 18)', () => {
  it('lists its calls under /console, and every /console call is for staff', () => {
    expect(staffCalls.length).toBeGreaterThanOrEqual(13);
    for (const [name, call] of Object.entries(calls)) {
      expect(call.path.startsWith('/console/'), name).toBe(
        (call as { staff?: boolean }).staff === true,
      );
    }
  });

  it('refuses a driver’s and a guest’s token on every console call, whatever they send', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...staffCalls),
        fc.constantFrom(driver, guest),
        fc.string({ minLength: 1, maxLength: 30 }).filter((id) => id.trim().length > 0),
        fc.object({ maxDepth: 1 }),
        async (name, token, id, body) => {
          const answer = await t.call(name, {
            token,
            params: { driverid: id, sessionid: id, chargerid: id },
            body,
          });
          expect([403, 404], `${name} ${JSON.stringify(answer.body)}`).toContain(answer.status);
          expect(answer.body.data).toBeUndefined();
        },
      ),
      { numRuns: 60 },
    );
  });

  it.each(staffCalls)('%s: 403 for a driver, 403 for a guest, 401 with no token', async (name) => {
    const params = { driverid: 'x', sessionid: 'x', chargerid: 'x' };
    const asDriver = await t.call(name, { token: driver, params, body: {} });
    expect(asDriver.status).toBe(403);
    expect(asDriver.body.code).toBe('STAFF_ONLY');
    const asGuest = await t.call(name, { token: guest, params, body: {} });
    expect(asGuest.status).toBe(403);
    expect(asGuest.body.code).toBe('GUEST_NOT_ALLOWED');
    expect((await t.call(name, { params, body: {} })).status).toBe(401);
  });

  it('refuses an operator signed in without a second factor, naming MFA', async () => {
    const operator = (await t.login(OPERATOR)).token;
    const answer = await t.call('consoleChargers', { token: operator });
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('STAFF_MFA_REQUIRED');
    expect(answer.body.message).toMatch(/multi-factor authentication is required/i);
  });

  it('lets support staff signed in with a second factor in', async () => {
    const answer = await t.call('consoleChargers', { token: staff });
    expect(answer.status).toBe(200);
    // Signing in again asks for the e-mailed code, which passes too.
    const again = await staffToken(t);
    expect((await t.call('consoleAudit', { token: again })).status).toBe(200);
  });

  it('finds the demo driver by e-mail, name, phone and HRCode, and a guest by its code', async () => {
    const { code } = await newGuest(t, 'find-me');
    const me = (await t.call('userdata', { token: driver, body: {} })).body.data as {
      HRCode: string;
    };
    for (const query of ['driver@example', 'dana driver', '7700 900123', me.HRCode]) {
      const found = await t.call('consoleFindDrivers', { token: staff, body: { query } });
      expect(found.status, query).toBe(200);
      const drivers = (found.body.data as { drivers: { email: string | null }[] }).drivers;
      expect(
        drivers.map((d) => d.email),
        query,
      ).toContain(DRIVER.email);
    }
    const byCode = await t.call('consoleFindDrivers', { token: staff, body: { query: code } });
    expect((byCode.body.data as { drivers: unknown[] }).drivers).toEqual([
      expect.objectContaining({ kind: 'guest', code }),
    ]);
    const short = await t.call('consoleFindDrivers', { token: staff, body: { query: 'x' } });
    expect(short.status).toBe(400);
  });
});
