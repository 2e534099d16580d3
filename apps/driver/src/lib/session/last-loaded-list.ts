import { hydrate, type Query, type QueryClient } from '@tanstack/react-query';
import type { CallName } from '@evc/contract';
import {
  forgetLastLoadedList,
  keptListStore,
  lastWrittenList,
  type KeptList,
} from './last-loaded-list-store.ts';

/** The call whose answer is kept in IndexedDB rather than in the snapshot (ADR 0044). */
export const LIST_CALL: CallName = 'listChargers';

/** The list answer to keep: the newest successful one. */
function keptListQuery(client: QueryClient): Query | undefined {
  return client
    .getQueryCache()
    .findAll({ queryKey: [LIST_CALL], predicate: (query) => query.state.status === 'success' })
    .reduce<Query | undefined>(
      (newest, query) =>
        newest && newest.state.dataUpdatedAt >= query.state.dataUpdatedAt ? newest : query,
      undefined,
    );
}

/**
 * Keeps the chargers list as the signed-in user's, when it changed since it was last written or
 * put back. Fails soft: without IndexedDB (or room in it) no list is kept, and nothing rejects.
 */
export async function saveLastLoadedList(client: QueryClient, userId: string): Promise<void> {
  const query = keptListQuery(client);
  if (!query) return;
  const { state } = query;
  if (lastWrittenList.userId === userId && lastWrittenList.state === state) return;
  const forgotten = lastWrittenList.forgotten;
  const list: KeptList = {
    userId,
    queryKey: query.queryKey,
    queryHash: query.queryHash,
    // What a structured clone may not take, or should not keep, is left out.
    state: {
      ...state,
      error: null,
      fetchFailureReason: null,
      fetchMeta: null,
      fetchStatus: 'idle',
    },
  };
  try {
    await keptListStore().write(list);
    if (lastWrittenList.forgotten !== forgotten) {
      // Logout came while it was being written.
      await forgetLastLoadedList();
      return;
    }
    lastWrittenList.userId = userId;
    lastWrittenList.state = state;
  } catch {
    // No IndexedDB, or no room: the list is not kept, the rest of what was loaded is.
  }
}

function isKeptList(value: unknown): value is KeptList {
  if (typeof value !== 'object' || value === null) return false;
  const list = value as Partial<KeptList>;
  return (
    typeof list.userId === 'string' &&
    typeof list.queryHash === 'string' &&
    Array.isArray(list.queryKey) &&
    list.queryKey[0] === LIST_CALL &&
    typeof list.state === 'object' &&
    list.state.status === 'success' &&
    typeof list.state.dataUpdatedAt === 'number'
  );
}

/**
 * Puts back the chargers list last kept for this user, unless a fresher one has been loaded
 * meanwhile. A list of anyone else is dropped unread. Resolves whether it was put back; never
 * rejects.
 */
export async function restoreLastLoadedList(client: QueryClient, userId: string): Promise<boolean> {
  let kept: unknown;
  try {
    kept = await keptListStore().read();
  } catch {
    return false;
  }
  if (kept === undefined || kept === null) return false;
  if (!isKeptList(kept) || kept.userId !== userId) {
    await forgetLastLoadedList();
    return false;
  }
  const { queryKey, queryHash, state } = kept;
  // hydrate leaves alone an answer newer than the kept one (loaded while IndexedDB was read).
  hydrate(client, {
    mutations: [],
    queries: [{ queryKey: [...queryKey], queryHash, state, dehydratedAt: state.dataUpdatedAt }],
  });
  const restored = client.getQueryCache().get(queryHash)?.state;
  if (!restored || restored.data !== state.data) return false;
  // Put back as written: not written again until it changes.
  lastWrittenList.userId = userId;
  lastWrittenList.state = restored;
  return true;
}
