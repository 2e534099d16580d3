import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPasswordHasher } from './platform/passwords.ts';
import { DEMO_ACCOUNTS } from './modules/users/demo-accounts.ts';
import {
  createFirstOperator,
  createOperatorAccount,
  OperatorAccountError,
} from './modules/users/operator-accounts.ts';
import { loadConfig, NO_DEMO } from './platform/config.ts';
import { eq } from 'drizzle-orm';
import { DEMO_HOME_ADOPTION_CODE } from './modules/chargers/demo-chargers.ts';
import { chargers } from './platform/db/schema.ts';
import { seed } from './seed.ts';
import {
  API_2_0_0,
  createTestApp,
  DRIVER,
  OPERATOR,
  TEST_ARGON2,
  TEST_DEMO,
  testConfig,
  type TestApp,
} from './test/test-app.ts';
import { userRow } from './test/test-users.ts';

const countOf = (t: TestApp, table: 'users' | 'chargers' | 'currencies') =>
  t.database.withSession(async (session) => {
    const [row] = await session.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM ${table}`,
    );
    return row?.count ?? -1;
  });

const signIn = (t: TestApp, email: string, password: string) =>
  t.call('login', {
    body: { name: email, password, apiVersion: API_2_0_0, appVersion: '2.7.9', uuid: 'probe' },
  });

const FIRST_OPERATOR = { email: 'Ops@Brand.example', password: 'tidal-mosaic-lantern-47' };

describe('a production start', () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'evc-production-'));
    // The configuration a production start reads, whatever else asks for the demo.
    const production = await loadConfig(
      {
        NODE_ENV: 'production',
        JWT_SECRET: 'q3N8vJ0kXw5T2bYpL7rF1cZs9HdA4mGu6EiKoR+/WxVnB2lQe8TtPy0UjMa3hC5f',
        DEMO_CHARGERS: 'false',
      },
      dir,
    );
    t = await createTestApp({
      config: testConfig({ nodeEnv: 'production', demo: production.demo }),
    });
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('seeds reference data only: no demo account, no charger', async () => {
    expect(await countOf(t, 'currencies')).toBeGreaterThan(0);
    expect(await countOf(t, 'users')).toBe(0);
    expect(await countOf(t, 'chargers')).toBe(0);
  });

  test.each(DEMO_ACCOUNTS.map((account) => [account.email, account.password]))(
    'the published demo password of %s signs in nowhere',
    async (email, password) => {
      const answer = await signIn(t, email, password);
      expect(answer.status).toBe(401);
      expect(answer.body.data).toBeUndefined();
    },
  );

  test('a weak first-operator password is refused and creates nothing', async () => {
    for (const password of ['Operator-pass-2026', 'password1', 'short']) {
      await expect(
        createFirstOperator(t.database.db, createPasswordHasher(TEST_ARGON2), {
          email: 'ops@brand.example',
          password,
        }),
      ).rejects.toThrow(OperatorAccountError);
    }
    expect(await countOf(t, 'users')).toBe(0);
  });

  test('the first operator is created once, signs in and runs the network', async () => {
    const passwords = createPasswordHasher(TEST_ARGON2);
    const created = await createFirstOperator(t.database.db, passwords, FIRST_OPERATOR);
    expect(created?.email).toBe('ops@brand.example');
    // The next start, with the same variables still set, leaves the account as it is.
    expect(
      await createFirstOperator(t.database.db, passwords, {
        email: 'another@brand.example',
        password: 'quartz-harbour-violin-93',
      }),
    ).toBeUndefined();
    expect(await countOf(t, 'users')).toBe(1);

    const operator = await t.login({ ...FIRST_OPERATOR, email: 'ops@brand.example' });
    const listed = await t.call('operatorListChargers', { token: operator.token });
    expect(listed).toMatchObject({ status: 200, body: { data: [] } });
    await expect(createOperatorAccount(t.database.db, passwords, FIRST_OPERATOR)).rejects.toThrow(
      'already exists',
    );
  });

  test('there is no demo home charger 1006: its published code adopts nothing', async () => {
    const operator = await t.login({ ...FIRST_OPERATOR, email: 'ops@brand.example' });
    const claimed = await t.call('claimCharger', {
      token: operator.token,
      body: demoHomeClaim((await userRow(t, 'ops@brand.example')).id),
    });
    expect(claimed.status).toBe(400);
    expect(claimed.body).toMatchObject({ code: 'ADOPTION_CODE_INCORRECT' });
    expect(await countOf(t, 'chargers')).toBe(0);
  });
});

const demoHomeClaim = (userid: string) => ({
  accesscode: DEMO_HOME_ADOPTION_CODE,
  userid,
  chargerid: '1006',
  name: 'Driveway',
  terms: true,
  privacy: true,
});

describe('the demo home charger 1006 (outside production)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  test('comes to a data directory an earlier start left without it, adoptable with its published code, once', async () => {
    const passwords = createPasswordHasher(TEST_ARGON2);
    // As an earlier start without it left the data.
    await t.database.db.delete(chargers).where(eq(chargers.barcode, '1006'));
    await seed(t.database, passwords, TEST_DEMO);
    const [row] = await t.database.db.select().from(chargers).where(eq(chargers.barcode, '1006'));
    expect(row).toMatchObject({ home: true, ownerId: null });

    const driver = await t.login(DRIVER);
    const driverId = (await userRow(t, DRIVER.email)).id;
    const adopted = await t.call('claimCharger', {
      token: driver.token,
      body: demoHomeClaim(driverId),
    });
    expect(adopted.status, JSON.stringify(adopted.body)).toBe(200);
    // The next start keeps it adopted: the code is not given again.
    await seed(t.database, passwords, TEST_DEMO);
    const [after] = await t.database.db.select().from(chargers).where(eq(chargers.barcode, '1006'));
    expect(after).toMatchObject({ ownerId: driverId, adoptionCodeHash: null });
  });
});

describe('a production start on data an earlier, demo-shipping start left', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  test('no demo account keeps its published password, nor its sessions', async () => {
    const passwords = createPasswordHasher(TEST_ARGON2);
    const signedIn = await t.login(OPERATOR);
    const { retiredDemoAccounts } = await seed(t.database, passwords, NO_DEMO);
    expect(retiredDemoAccounts.sort()).toEqual(
      DEMO_ACCOUNTS.map((account) => account.email).sort(),
    );
    for (const account of DEMO_ACCOUNTS) {
      expect((await signIn(t, account.email, account.password)).status).toBe(401);
    }
    expect((await seed(t.database, passwords, NO_DEMO)).retiredDemoAccounts).toEqual([]);
    // The demo operator does not count: OPERATOR_EMAIL and OPERATOR_PASSWORD still create one.
    expect(
      await createFirstOperator(t.database.db, passwords, {
        email: 'ops@brand.example',
        password: 'tidal-mosaic-lantern-47',
      }),
    ).toMatchObject({ email: 'ops@brand.example' });
    const refreshed = await t.call('refreshToken', {
      token: signedIn.tokenData.refresh.token,
      body: { uuid: 'test-device' },
    });
    expect(refreshed.status).toBe(401);
  });
});
