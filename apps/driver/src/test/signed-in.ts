import { act } from '@testing-library/react';
import type { User } from '@evc/contract';
import { setUser } from '../lib/session/session-store.ts';
import { setTokens } from '../lib/session/token-store.ts';

const later = new Date(Date.now() + 3_600_000).toISOString();

/** Tokens as a login answers them, good for an hour. */
export const tokenData = (token = 'access') => ({
  auth: { token, expiry: later },
  refresh: { token: `${token}-refresh`, expiry: later },
});

/** Starts a test signed in as `user`, with tokens stored as after a login. */
export async function signedInAs(user: User): Promise<void> {
  await setTokens(tokenData());
  act(() => setUser(user));
}
