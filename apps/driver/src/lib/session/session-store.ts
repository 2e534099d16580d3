import { useSyncExternalStore } from 'react';
import type { TokenData, User } from '@evc/contract';
import { ApiError } from '../api/api-error.ts';
import { logout } from '../api/calls/logout.ts';
import { userdata } from '../api/calls/userdata.ts';
import { endSession } from './end-session.ts';
import {
  forgetLastUser,
  getHeldTokens,
  getTokens,
  lastLoadedUser,
  rememberUser,
  setGuestTokens,
  setTokens,
} from './token-store.ts';

export { getUuid } from './device-id.ts';

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

/** spec 000 §3: a guest is its guest code (HRCode) and the guest tokens stored for it. */
export interface Guest {
  HRCode: string;
}

/** A guest is no signed-in user: its status stays 'signed-out' and guarded pages stay shut. */
export interface Session {
  status: SessionStatus;
  user: User | null;
  guest: Guest | null;
}

let session: Session = { status: 'loading', user: null, guest: null };
const listeners = new Set<() => void>();

function setSession(next: Session): void {
  session = next;
  for (const listener of listeners) listener();
}

/** Calls `listener` on every change of the session; returns the function that stops it. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSession(): Session {
  return session;
}

/** The signed-in user, or why there is none yet. */
export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** Replaces the loaded user (after an update call answers the new user). */
export function setUser(user: User): void {
  setSession({ status: 'signed-in', user, guest: null });
  void rememberUser(user);
}

/** Signed out, or a guest when guest tokens are held (spec 000 §4). */
async function signedOutSession(): Promise<Session> {
  const held = await getHeldTokens();
  return {
    status: 'signed-out',
    user: null,
    guest: held?.owner === 'guest' ? { HRCode: held.code } : null,
  };
}

let reloadWhenOnline = false;

/** Issue 19: no connection ends nothing; the user is loaded again once the device is online. */
function retryWhenOnline(): void {
  if (reloadWhenOnline) return;
  reloadWhenOnline = true;
  const reload = () => {
    reloadWhenOnline = false;
    void reloadUser().catch(() => undefined);
  };
  window.addEventListener('online', reload, { once: true });
}

/**
 * Loads /userdata with the stored tokens. Without tokens the session is signed out. Without
 * connection (status 0) the user last loaded with these tokens stays signed in, and the user is
 * loaded again when the device comes back online; until one is known the session stays loading.
 */
export async function reloadUser(): Promise<User | null> {
  if ((await getHeldTokens())?.owner !== 'user') {
    setSession(await signedOutSession());
    return null;
  }
  try {
    const user = await userdata();
    setUser(user);
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.isOffline) {
      retryWhenOnline();
      const known = await lastLoadedUser();
      if (known) {
        setUser(known);
        return known;
      }
      throw error;
    }
    // The tokens stay stored (a 401 has already ended the session through the client).
    setSession({ status: 'signed-out', user: null, guest: null });
    throw error;
  }
}

/** Start-up (spec 000 §4): load the user when tokens are stored. */
export async function initSession(): Promise<void> {
  try {
    await reloadUser();
  } catch {
    // reloadUser has already set the signed-out state
  }
}

/** Stores the tokens from login, MFA or registration and loads the user. */
export async function signIn(tokenData: TokenData): Promise<User | null> {
  await Promise.all([setTokens(tokenData), forgetLastUser()]);
  return reloadUser();
}

/** spec 000 §4: the guest is set when its tokens are stored, and a real user is cleared. */
export async function becomeGuest(code: string, tokenData: TokenData): Promise<Guest> {
  await setGuestTokens(code, tokenData);
  const guest = { HRCode: code };
  setSession({ status: 'signed-out', user: null, guest });
  return guest;
}

/** spec 000 §4: tell the server, clear tokens and stored credentials, go to /login and reload. */
export async function signOut(): Promise<void> {
  const tokens = await getTokens();
  if (tokens) {
    try {
      await logout({ token: tokens.auth.token, refreshToken: tokens.refresh.token });
    } catch {
      // the session ends on this device whether or not the server answered
    }
  }
  setSession({ status: 'signed-out', user: null, guest: null });
  await endSession();
}
