import {
  dehydrate,
  hydrate,
  type DehydratedState,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import type { CallName } from '@evc/contract';
import { storage } from '../storage.ts';
import { forgetLastLoaded, LAST_LOADED_KEY } from './forget-last-loaded.ts';

/**
 * Issue 19: what a driver needs to see without connection — the chargers, a charger's details
 * and tariff, the running session, the history — with the balance in the top bar and the
 * permissions that decide which pages show. Nothing else is kept on the device.
 */
export const KEPT_OFFLINE: ReadonlySet<CallName> = new Set<CallName>([
  'listChargers',
  'getChargerByBarcode',
  'getChargerCapabilities',
  'listHomeChargers',
  'latestUserTransaction',
  'getTransactionByID',
  'getChargeHistory',
  'getVisibilityPermissions',
  'getUserBalance',
]);

/** How long a kept answer stays in memory without a page using it: as long as the page lives. */
export const KEPT_GC_TIME = Number.POSITIVE_INFINITY;

/** Whether the answers of a query with this key are kept on the device. */
export function isKeptOffline(queryKey: readonly unknown[]): boolean {
  const [name] = queryKey;
  return typeof name === 'string' && (KEPT_OFFLINE as ReadonlySet<string>).has(name);
}

const isKept = (query: Query): boolean =>
  query.state.status === 'success' && isKeptOffline(query.queryKey);

/**
 * What one snapshot may take of the device's storage (browsers allow about 5 million characters
 * to a site's localStorage, shared with the tokens and settings).
 */
export const SNAPSHOT_BUDGET_CHARS = 2_000_000;

/** Stores the kept answers as the signed-in user's; a set too big for the device is skipped. */
export async function saveLastLoaded(client: QueryClient, userId: string): Promise<void> {
  const state = dehydrate(client, {
    shouldDehydrateQuery: isKept,
    shouldDehydrateMutation: () => false,
  });
  const text = JSON.stringify({ userId, state });
  if (text.length > SNAPSHOT_BUDGET_CHARS) return;
  try {
    await storage.set(LAST_LOADED_KEY, text);
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
 * Puts back what was last loaded for this user. A snapshot of anyone else is dropped unread, so
 * one account never sees another's data. Resolves whether anything was put back.
 */
export async function restoreLastLoaded(client: QueryClient, userId: string): Promise<boolean> {
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
