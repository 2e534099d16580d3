import { eq } from 'drizzle-orm';
import { users } from '../platform/db/schema.ts';
import { linkTokenIn, type TestApp } from './test-app.ts';

/** A user's row by e-mail address. */
export async function userRow(t: TestApp, email: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row;
}

/** The stored balance is negative when in credit (spec 000 §3): -5000 is £50 to spend. */
export async function setStoredBalance(t: TestApp, email: string, balanceMinor: number) {
  await t.database.db.update(users).set({ balanceMinor }).where(eq(users.email, email));
}

/**
 * Reads until `check` holds, or fails with the last value read after `timeoutMs`: a ceiling that
 * only bounds a hang, so a loaded machine is slow but not failed.
 */
export async function until<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`condition not met in time: ${JSON.stringify(value)}`);
    await new Promise((done) => setTimeout(done, 40));
  }
}

/** A driver registered and confirmed through the API, as anyone can; answers their token and id. */
export async function registeredDriver(t: TestApp, email: string, firstName = 'Second') {
  const registered = await t.call('startRegistration', {
    body: {
      user: {
        first_name: firstName,
        last_name: 'Driver',
        email,
        password: 'Second-driver-pass-2026',
        phone_number: '+44 7700 900123',
        address: { line1: '3 Lane', city: 'Leeds', postcode: 'LS1 1AA', country: 'GB' },
        preferredCurrency: 'GBP',
        language: 'en',
        acceptedTerms: true,
        acceptedPrivacy: true,
      },
    },
  });
  if (registered.status !== 200)
    throw new Error(`registration: ${JSON.stringify(registered.body)}`);
  const [confirmation] = await t.outbox(email);
  const token = linkTokenIn(confirmation?.text ?? '', 'completeRegistration');
  const completed = await t.call('completeRegistration', { body: { uuid: 'second', token } });
  const user = (completed.body.data as { user?: { token: string; _id: string } } | undefined)?.user;
  if (!user) throw new Error(`confirmation: ${JSON.stringify(completed.body)}`);
  return { token: user.token, id: (await userRow(t, email)).id };
}
