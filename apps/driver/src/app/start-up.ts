import { useSyncExternalStore } from 'react';
import { APP_VERSION_PARTS, isApiVersionAccepted } from '@evc/domain';
import { apiVersionCheck } from '../lib/api/calls/api-version-check.ts';
import { initSession } from '../lib/session/session-store.ts';

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

/** spec 000 §4: version check; when accepted, load the user if tokens are stored. */
export async function startUp(): Promise<VersionStatus> {
  const result = await checkVersion();
  if (result === 'accepted') await initSession();
  return result;
}
