import {
  dehydrate,
  hydrate,
  type DehydratedState,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import type { CallName } from '@evc/contract';
import { storage } from '../storage.ts';

const LAST_LOADED_KEY = 'lastLoadedData';

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

const dehydratedShape = z.object({
  queries: z.array(
    z.looseObject({
      queryKey: z.array(z.unknown()),
      queryHash: z.string(),
      state: z.looseObject({ dataUpdatedAt: z.number() }),
    }),
  ),
  mutations: z.array(z.unknown()),
});

const snapshot = z.object({
  userId: z.string(),
  state: z.custom<DehydratedState>((value) => dehydratedShape.safeParse(value).success),
});

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

function snapshotText(client: QueryClient, userId: string, keep: (query: Query) => boolean) {
  const state = dehydrate(client, {
    shouldDehydrateQuery: keep,
    shouldDehydrateMutation: () => false,
  });
  return JSON.stringify({ userId, state });
}

/**
 * Stores the kept answers as the signed-in user's. A whole network's charger list that would not
 * fit is left out, so the rest still is kept; a set that still does not fit is skipped.
 */
export async function saveLastLoaded(client: QueryClient, userId: string): Promise<void> {
  let text = snapshotText(client, userId, isKept);
  if (text.length > SNAPSHOT_BUDGET_CHARS) {
    text = snapshotText(
      client,
      userId,
      (query) => isKept(query) && query.queryKey[0] !== 'listChargers',
    );
  }
  if (text.length > SNAPSHOT_BUDGET_CHARS) return;
  try {
    await storage.set(LAST_LOADED_KEY, text);
  } catch {
    // Over the device's quota: the last set that fitted stays.
  }
}

/**
 * Puts back what was last loaded for this user. A snapshot of anyone else is dropped unread, so
 * one account never sees another's data. Resolves whether anything was put back.
 */
export async function restoreLastLoaded(client: QueryClient, userId: string): Promise<boolean> {
  const raw = await storage.get(LAST_LOADED_KEY);
  if (!raw) return false;
  let parsed: z.infer<typeof snapshot> | null = null;
  try {
    const result = snapshot.safeParse(JSON.parse(raw));
    parsed = result.success ? result.data : null;
  } catch {
    parsed = null;
  }
  if (!parsed || parsed.userId !== userId) {
    await forgetLastLoaded();
    return false;
  }
  hydrate(client, parsed.state);
  return parsed.state.queries.length > 0;
}

/** Logout: nothing the driver loaded stays on the device. */
export async function forgetLastLoaded(): Promise<void> {
  await storage.remove(LAST_LOADED_KEY);
}
