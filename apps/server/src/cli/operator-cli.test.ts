import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPasswordHasher } from '../platform/passwords.ts';
import { API_2_0_0, createTestApp, OPERATOR, TEST_ARGON2, type TestApp } from '../test/test-app.ts';
import { runOperatorCli } from './operator-cli.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Runs the command on the test app's database; `typed` is what the person types, in turn. */
async function cli(args: string[], typed: string[], interactive = true) {
  let stdout = '';
  let stderr = '';
  const prompts: string[] = [];
  const answers = [...typed];
  const code = await runOperatorCli(args, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    env: { NODE_ENV: 'test', JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing' },
    cwd: '/nonexistent',
    readSecret: (prompt) => {
      prompts.push(prompt);
      return Promise.resolve(answers.shift());
    },
    interactive,
    // The test app keeps using its database after the command.
    openDatabase: () => Promise.resolve({ ...t.database, close: () => Promise.resolve() }),
    passwords: createPasswordHasher(TEST_ARGON2),
  });
  return { code, stdout, stderr, prompts };
}

const PASSWORD = 'copper-meadow-anchor-58';

describe('npm run operator', () => {
  test('create asks for the password twice and makes an operator who runs the network', async () => {
    const created = await cli(
      ['create', '--email', 'Ops@Brand.example', '--first-name', 'Ada', '--last-name', 'Ops'],
      [PASSWORD, PASSWORD],
    );
    expect(created).toMatchObject({
      code: 0,
      stdout: 'Operator account created: ops@brand.example\n',
      stderr: '',
      prompts: ['Password: ', 'Password again: '],
    });
    const operator = await t.login({ email: 'ops@brand.example', password: PASSWORD });
    expect((await t.call('operatorListChargers', { token: operator.token })).status).toBe(200);
  });

  test('--role support makes support staff, who must set up a second factor first', async () => {
    const created = await cli(
      ['create', '--email', 'help@brand.example', '--role', 'support'],
      [PASSWORD, PASSWORD],
    );
    expect(created).toMatchObject({
      code: 0,
      stdout: 'Support account created: help@brand.example\n',
    });
    const signIn = await t.call('login', {
      body: {
        name: 'help@brand.example',
        password: PASSWORD,
        apiVersion: API_2_0_0,
        appVersion: '2.7.9',
        uuid: 'console',
      },
    });
    expect(signIn.body.data).toMatchObject({ mfaStage: 'EnforcedSetup' });
    const wrongRole = await cli(
      ['create', '--email', 'x@brand.example', '--role', 'driver'],
      [PASSWORD, PASSWORD],
    );
    expect(wrongRole).toMatchObject({
      code: 1,
      stderr: '--role is operator or support, not driver\n',
    });
  });

  test('reads the password once from piped input', async () => {
    const created = await cli(['create', '--email', 'night-ops@brand.example'], [PASSWORD], false);
    expect(created).toMatchObject({ code: 0, prompts: ['Password: '] });
    await t.login({ email: 'night-ops@brand.example', password: PASSWORD });
  });

  test.each([
    [
      'a weak password',
      ['create', '--email', 'weak@brand.example'],
      ['password123', 'password123'],
      'too weak',
    ],
    [
      'a published demo password',
      ['create', '--email', 'demo@brand.example'],
      [OPERATOR.password, OPERATOR.password],
      'too weak',
    ],
    [
      'two different passwords',
      ['create', '--email', 'typo@brand.example'],
      [PASSWORD, `${PASSWORD}!`],
      'differ',
    ],
    ['no password', ['create', '--email', 'none@brand.example'], [], 'No password'],
    [
      'an address with an account',
      ['create', '--email', OPERATOR.email],
      [PASSWORD, PASSWORD],
      'already exists',
    ],
    ['no address', ['create'], [], 'needs --email'],
    ['an unknown command', ['delete', '--email', 'x@brand.example'], [], 'Unknown command'],
  ])(
    'refuses %s, creating nothing and showing no password',
    async (_case, args, typed, message) => {
      const refused = await cli(args, typed);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(message);
      for (const secret of typed) expect(refused.stdout + refused.stderr).not.toContain(secret);
      const email = args[args.indexOf('--email') + 1];
      if (email && email !== OPERATOR.email) {
        const answer = await t.call('login', {
          body: {
            name: email,
            password: typed[0] ?? PASSWORD,
            apiVersion: { majorversion: 2, minorversion: 0, patchversion: 0 },
            appVersion: '2.7.9',
            uuid: 'probe',
          },
        });
        expect(answer.status).toBe(401);
      }
    },
  );

  test('--help shows the usage', async () => {
    const help = await cli(['--help'], []);
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toContain('npm run operator -- create --email EMAIL');
  });
});
