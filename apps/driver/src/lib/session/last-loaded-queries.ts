import {
  dehydrate,
  hydrate,
  type DehydratedState,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import type { CallName } from '@evc/contract';
import { storage } from '../storage.ts';
import { forgetLastLoaded, LAST_LOADED_KEY, lastStored } from './forget-last-loaded.ts';
import { LIST_CALL, restoreLastLoadedList, saveLastLoadedList } from './last-loaded-list.ts';

/**
 * Issue 19: what a driver needs to see without connection — the running session, the balance in
 * the top bar, the permissions that decide which pages show, a charger's details and tariff, the
 * history, the prices seen on the chargers' rows — and nothing else. In this order they are kept
 * in the snapshot when the device's room runs short. The chargers list, by far the largest, is
 * kept apart in IndexedDB (last-loaded-list.ts, ADR 0044).
 */
const KEPT_IN_ORDER: readonly CallName[] = [
  'latestUserTransaction',
  'getTransactionByID',
  'getUserBalance',
  'getVisibilityPermissions',
  'getChargerByBarcode',
  'getChargerCapabilities',
  'listHomeChargers',
  'getChargeHistory',
  'listChargerPrices',
];
export const KEPT_OFFLINE: ReadonlySet<CallName> = new Set<CallName>([...KEPT_IN_ORDER, LIST_CALL]);

/** How long a kept answer stays in memory without a page using it: as long as the page lives. */
export const KEPT_GC_TIME = Number.POSITIVE_INFINITY;

/** Whether the answers of a query with this key are kept on the device. */
export function isKeptOffline(queryKey: readonly unknown[]): boolean {
  const [name] = queryKey;
  return typeof name === 'string' && (KEPT_OFFLINE as ReadonlySet<string>).has(name);
}

const keptRank = (query: Query): number => {
  const [name] = query.queryKey;
  return KEPT_IN_ORDER.indexOf(name as CallName);
};

const isInSnapshot = (query: Query): boolean =>
  query.state.status === 'success' && keptRank(query) >= 0;

/**
 * What one snapshot may take of the device's storage (browsers allow about 5 million characters
 * to a site's localStorage, shared with the tokens and settings).
 */
export const SNAPSHOT_BUDGET_CHARS = 2_000_000;

/**
 * Each kept answer as JSON, by the query state it was written from: an answer that has not changed
 * since the last save is not serialised again.
 */
const entryText = new WeakMap<object, string>();

/**
 * The kept answers as JSON entries, most needed first (newest first within a call), leaving out
 * any that would take the snapshot over `budget` characters.
 */
function keptEntries(client: QueryClient, budget = SNAPSHOT_BUDGET_CHARS): string[] {
  const queries = client
    .getQueryCache()
    .getAll()
    .filter(isInSnapshot)
    .sort((a, b) => keptRank(a) - keptRank(b) || b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  const unwritten = new Set(queries.filter((query) => !entryText.has(query.state)));
  if (unwritten.size > 0) {
    const states = new Map([...unwritten].map((query) => [query.queryHash, query.state]));
    const { queries: dehydrated } = dehydrate(client, {
      shouldDehydrateQuery: (query) => unwritten.has(query),
      shouldDehydrateMutation: () => false,
    });
    for (const entry of dehydrated) {
      const state = states.get(entry.queryHash);
      if (state) entryText.set(state, JSON.stringify(entry));
    }
  }
  const entries: string[] = [];
  let room = budget;
  for (const query of queries) {
    const text = entryText.get(query.state);
    if (text === undefined || text.length + 1 > room) continue;
    entries.push(text);
    room -= text.length + 1;
  }
  return entries;
}

const sameAsStored = (userId: string, entries: readonly string[]): boolean =>
  lastStored.userId === userId &&
  lastStored.entries.length === entries.length &&
  lastStored.entries.every((entry, at) => entry === entries[at]);

/**
 * Stores the kept answers as the signed-in user's: the chargers list in IndexedDB, the others in
 * the snapshot. When those do not all fit, the least needed are left out (KEPT_IN_ORDER).
 */
export async function saveLastLoaded(client: QueryClient, userId: string): Promise<void> {
  await Promise.all([saveSnapshot(client, userId), saveLastLoadedList(client, userId)]);
}

async function saveSnapshot(client: QueryClient, userId: string): Promise<void> {
  const entries = keptEntries(client, SNAPSHOT_BUDGET_CHARS - JSON.stringify(userId).length - 64);
  if (sameAsStored(userId, entries)) return;
  // The same JSON as JSON.stringify({ userId, state }) would give, built from the kept entries.
  const text = `{"userId":${JSON.stringify(userId)},"state":{"mutations":[],"queries":[${entries.join(',')}]}}`;
  try {
    await storage.set(LAST_LOADED_KEY, text);
    lastStored.userId = userId;
    lastStored.entries = entries;
  } catch {
    // Over the device's quota: the last set that fitted stays.
  }
}

interface Snapshot {
  userId: unknown;
  state: DehydratedState;
}

/** The stored snapshot, or null when it cannot be read. */
function readSnapshot(raw: string): Snapshot | null {
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && 'state' in value && 'userId' in value
      ? (value as Snapshot)
      : null;
  } catch {
    return null;
  }
}

/**
 * Puts back what was last loaded for this user; the chargers list may come a moment after the
 * rest. What was kept for anyone else is dropped unread, so one account never sees another's data.
 * Resolves whether anything was put back.
 */
export async function restoreLastLoaded(client: QueryClient, userId: string): Promise<boolean> {
  const [snapshot, list] = await Promise.all([
    restoreSnapshot(client, userId),
    restoreLastLoadedList(client, userId),
  ]);
  return snapshot || list;
}

async function restoreSnapshot(client: QueryClient, userId: string): Promise<boolean> {
  const raw = await storage.get(LAST_LOADED_KEY);
  if (!raw) return false;
  const parsed = readSnapshot(raw);
  if (parsed?.userId !== userId || !Array.isArray(parsed.state.queries)) {
    await forgetLastLoaded();
    return false;
  }
  hydrate(client, parsed.state);
  return parsed.state.queries.length > 0;
}
