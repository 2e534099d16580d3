import type { LoginResponse, SignedInUser } from '@evc/contract';
import { API_2_0_0, codeIn, type TestApp } from '../../test/test-app.ts';

/** The demo support account: support role, must set up a second factor at first sign-in. */
export const SUPPORT = { email: 'support@example.com', password: 'Support-pass-2026' };

async function latestCode(t: TestApp, to: string): Promise<string> {
  const [latest] = await t.outbox(to);
  if (!latest) throw new Error(`nothing sent to ${to}`);
  return codeIn(latest.text);
}

/**
 * Staff signed in with a second factor, as the console does: the enforced e-mail setup at first
 * sign-in, the e-mailed code after that. Answers the access token.
 */
export async function staffToken(
  t: TestApp,
  account: { email: string; password: string } = SUPPORT,
): Promise<string> {
  const credentials = { name: account.email, password: account.password, uuid: 'console' };
  const login = await t.call('login', {
    body: { ...credentials, apiVersion: API_2_0_0, appVersion: '2.7.9' },
  });
  const data = login.body.data as LoginResponse | undefined;
  if (data?.mfaStage === 'EnforcedSetup' && data.user) {
    const limited = data.user.token;
    await t.call('mfaSetup', { token: limited, body: { method: 'email' } });
    const confirmed = await t.call('mfaSetupConfirm', {
      token: limited,
      body: { method: 'email', code: await latestCode(t, account.email) },
    });
    const user = (confirmed.body.data as { user?: SignedInUser } | undefined)?.user;
    if (!user) throw new Error(`MFA setup: ${JSON.stringify(confirmed.body)}`);
    return user.token;
  }
  if (data?.mfaStage === 'RequestToken') {
    await t.call('mfaRequestToken', { body: { ...credentials, method: 'email' } });
    const verified = await t.call('mfaVerify', {
      body: { ...credentials, method: 'email', mfaToken: await latestCode(t, account.email) },
    });
    const user = (verified.body.data as { user?: SignedInUser } | undefined)?.user;
    if (!user) throw new Error(`MFA verify: ${JSON.stringify(verified.body)}`);
    return user.token;
  }
  throw new Error(`staff sign-in without a second factor: ${JSON.stringify(login.body)}`);
}
