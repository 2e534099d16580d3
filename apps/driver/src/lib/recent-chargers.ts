import { useEffect, useState } from 'react';
import { storage } from './storage.ts';

/** spec 000 §2 (home: recent charge points), kept per device. */
export const RECENT_CHARGERS_KEY = 'recentChargers';
export const RECENT_CHARGERS_LIMIT = 5;

export interface RecentCharger {
  barcode: string;
  name: string;
}

/** The list with `charger` put first, an earlier visit to it dropped, cut to the limit. */
export function withRecentCharger(
  list: readonly RecentCharger[],
  charger: RecentCharger,
): RecentCharger[] {
  return [charger, ...list.filter((entry) => entry.barcode !== charger.barcode)].slice(
    0,
    RECENT_CHARGERS_LIMIT,
  );
}

function isRecentCharger(value: unknown): value is RecentCharger {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return typeof entry.barcode === 'string' && typeof entry.name === 'string';
}

/** What the device holds; anything unreadable (an older or damaged value) counts as empty. */
export function parseRecentChargers(stored: string | null): RecentCharger[] {
  if (!stored) return [];
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value)
      ? value.filter(isRecentCharger).slice(0, RECENT_CHARGERS_LIMIT)
      : [];
  } catch {
    return [];
  }
}

const listeners = new Set<(list: RecentCharger[]) => void>();

export async function loadRecentChargers(): Promise<RecentCharger[]> {
  return parseRecentChargers(await storage.get(RECENT_CHARGERS_KEY));
}

async function save(list: RecentCharger[]): Promise<void> {
  if (list.length === 0) await storage.remove(RECENT_CHARGERS_KEY);
  else await storage.set(RECENT_CHARGERS_KEY, JSON.stringify(list));
  for (const listener of listeners) listener(list);
}

/** Records that the driver opened this charger. */
export async function rememberCharger(charger: RecentCharger): Promise<void> {
  await save(withRecentCharger(await loadRecentChargers(), charger));
}

export function clearRecentChargers(): Promise<void> {
  return save([]);
}

/** The driver's recent chargers, most recent first, kept up to date. */
export function useRecentChargers(): RecentCharger[] {
  const [list, setList] = useState<RecentCharger[]>([]);
  useEffect(() => {
    let active = true;
    listeners.add(setList);
    void loadRecentChargers().then((stored) => {
      if (active) setList(stored);
    });
    return () => {
      active = false;
      listeners.delete(setList);
    };
  }, []);
  return list;
}
