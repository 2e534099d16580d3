import { useSyncExternalStore } from 'react';
import { APP_VERSION_PARTS, isApiVersionAccepted } from '@evc/domain';
import { ApiError } from '../lib/api/api-error.ts';
import { apiVersionCheck } from '../lib/api/calls/api-version-check.ts';
import { checkToken } from '../lib/api/calls/check-token.ts';
import { endSession } from '../lib/session/end-session.ts';
import { initSession } from '../lib/session/session-store.ts';
import { removePlaintextCredentials } from '../lib/session/stored-credentials.ts';
import { getHeldTokens } from '../lib/session/token-store.ts';

/** 'accepted' also covers a check that could not reach the server: the app carries on offline. */
export type VersionStatus = 'checking' | 'accepted' | 'rejected';

let status: VersionStatus = 'checking';
const listeners = new Set<() => void>();

function setStatus(next: VersionStatus): void {
  status = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getStatus = (): VersionStatus => status;

export function useVersionStatus(): VersionStatus {
  return useSyncExternalStore(subscribe, getStatus, getStatus);
}

/** spec 000 §5: the app's version (2.7.9) against the version the server answers. */
export async function checkVersion(): Promise<VersionStatus> {
  setStatus('checking');
  try {
    const server = await apiVersionCheck();
    const accepted = isApiVersionAccepted(APP_VERSION_PARTS, {
      major: server.majorversion,
      minor: server.minorversion,
      patch: server.patchversion,
    });
    setStatus(accepted ? 'accepted' : 'rejected');
  } catch {
    setStatus('accepted');
  }
  return status;
}

/**
 * spec 000 §7 POST /checkToken {}: whether the stored user token is still taken, before the user
 * is loaded. An expired token is refreshed and asked again by the client; a 401 after that means
 * the session is over (spec 000 §8: log out, go to /login, reload; the client has already done so
 * when the answer says forcelogout). No answer (status 0) or any other failure changes nothing:
 * the session stays and the user loads as before.
 */
async function checkStoredToken(): Promise<void> {
  if ((await getHeldTokens())?.owner !== 'user') return;
  try {
    await checkToken();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && !error.forcelogout) {
      await endSession();
    }
  }
}

/** spec 000 §4: version check; when accepted, check the stored token, then load the user. */
export async function startUp(): Promise<VersionStatus> {
  // Issue 19: no password stays in plain text from an earlier version.
  await removePlaintextCredentials().catch(() => undefined);
  const result = await checkVersion();
  if (result !== 'accepted') return result;
  // A session that has ended loads as signed out (its tokens are gone) while /login loads.
  await checkStoredToken();
  await initSession();
  return result;
}
