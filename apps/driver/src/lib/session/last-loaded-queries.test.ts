import { beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { forgetLastLoaded } from './forget-last-loaded.ts';
import { restoreLastLoaded, saveLastLoaded, SNAPSHOT_BUDGET_CHARS } from './last-loaded-queries.ts';

const history = ['getChargeHistory', { usercode: 'HR-1' }];
const cards = ['listCards'];

beforeEach(async () => {
  await forgetLastLoaded();
  window.localStorage.clear();
});

const chargers = ['listChargers'];
const balance = ['getUserBalance'];
const running = ['latestUserTransaction'];
/** A network's list (or a long answer) bigger than the whole snapshot may be. */
const hugeList = (count: number) => ({
  count,
  barcode: Array.from({ length: count }, (_, at) => String(100_000 + at)),
  name: Array.from({ length: count }, (_, at) => `Charger on a long road name number ${at}`),
});

describe('what was last loaded, kept per signed-in user (issue 19)', () => {
  it('keeps the chosen answers with when they were loaded, and puts them back for the same user', async () => {
    const before = new QueryClient();
    before.setQueryData(history, [{ _id: 't1' }], { updatedAt: 1_000 });
    before.setQueryData(cards, [{ id: 'card' }]);

    await saveLastLoaded(before, 'user-1');
    const after = new QueryClient();

    expect(await restoreLastLoaded(after, 'user-1')).toBe(true);
    expect(after.getQueryData(history)).toEqual([{ _id: 't1' }]);
    expect(after.getQueryState(history)?.dataUpdatedAt).toBe(1_000);
    // Only the chosen calls are kept on the device.
    expect(after.getQueryData(cards)).toBeUndefined();
    expect(window.localStorage.getItem('lastLoadedData')).not.toContain('card');
  });

  it('never shows one account what another loaded, and drops it', async () => {
    const first = new QueryClient();
    first.setQueryData(history, [{ _id: 't1' }]);
    await saveLastLoaded(first, 'user-1');

    const other = new QueryClient();
    expect(await restoreLastLoaded(other, 'user-2')).toBe(false);
    expect(other.getQueryData(history)).toBeUndefined();
    expect(window.localStorage.getItem('lastLoadedData')).toBeNull();
  });

  it('keeps nothing after logout', async () => {
    const client = new QueryClient();
    client.setQueryData(history, [{ _id: 't1' }]);
    await saveLastLoaded(client, 'user-1');
    await forgetLastLoaded();
    expect(await restoreLastLoaded(new QueryClient(), 'user-1')).toBe(false);
  });

  it('keeps the running session and balance when a history is too big to keep', async () => {
    const before = new QueryClient();
    const longHistory = ['getChargeHistory', { usercode: 'HR-2' }];
    const tooBig = hugeList(60_000);
    expect(JSON.stringify(tooBig).length).toBeGreaterThan(SNAPSHOT_BUDGET_CHARS);
    before.setQueryData(longHistory, tooBig);
    before.setQueryData(running, { _id: 'running-session' });
    before.setQueryData(balance, { balance: 1250 });
    before.setQueryData(history, [{ _id: 't1' }]);

    await saveLastLoaded(before, 'user-1');
    const after = new QueryClient();

    expect(await restoreLastLoaded(after, 'user-1')).toBe(true);
    expect(after.getQueryData(running)).toEqual({ _id: 'running-session' });
    expect(after.getQueryData(balance)).toEqual({ balance: 1250 });
    expect(after.getQueryData(history)).toEqual([{ _id: 't1' }]);
    expect(after.getQueryData(longHistory)).toBeUndefined();
    expect(window.localStorage.getItem('lastLoadedData')?.length).toBeLessThan(
      SNAPSHOT_BUDGET_CHARS,
    );
  });

  it('leaves the chargers list out of the snapshot (it is kept in IndexedDB)', async () => {
    const before = new QueryClient();
    before.setQueryData(chargers, hugeList(50));
    before.setQueryData(balance, { balance: 1250 });
    await saveLastLoaded(before, 'user-1');
    expect(window.localStorage.getItem('lastLoadedData')).not.toContain('listChargers');
    // jsdom has no IndexedDB: the list is not kept, the rest is.
    const after = new QueryClient();
    expect(await restoreLastLoaded(after, 'user-1')).toBe(true);
    expect(after.getQueryData(balance)).toEqual({ balance: 1250 });
    expect(after.getQueryData(chargers)).toBeUndefined();
  });

  it('keeps the prices of the rows the driver saw with the list', async () => {
    const price = ['listChargerPrices', { barcode: '1001' }];
    const seen = { barcode: '1001', currency: 'GBP', free: false, steps: [[0, 0.45]] };
    const before = new QueryClient();
    before.setQueryData(chargers, hugeList(50));
    before.setQueryData(price, seen);
    await saveLastLoaded(before, 'user-1');
    const after = new QueryClient();
    await restoreLastLoaded(after, 'user-1');
    expect(after.getQueryData(price)).toEqual(seen);
  });

  it('writes an unchanged answer as JSON once, and nothing when nothing changed', async () => {
    const client = new QueryClient();
    const list = hugeList(1_000);
    client.setQueryData(history, list);
    await saveLastLoaded(client, 'user-1');

    const serialised = vi.spyOn(JSON, 'stringify');
    const written = vi.spyOn(Storage.prototype, 'setItem');
    await saveLastLoaded(client, 'user-1');
    expect(written).not.toHaveBeenCalled();

    client.setQueryData(balance, { balance: 900 });
    await saveLastLoaded(client, 'user-1');
    expect(written).toHaveBeenCalledTimes(1);
    const serialisedList = serialised.mock.calls.some(([value]) => containsValue(value, list));
    expect(serialisedList).toBe(false);
    const after = new QueryClient();
    await restoreLastLoaded(after, 'user-1');
    expect(after.getQueryData(history)).toEqual(list);
    expect(after.getQueryData(balance)).toEqual({ balance: 900 });
  });
});

/** Whether `value` is `target` or holds it one or two levels down (a dehydrated query's data). */
function containsValue(value: unknown, target: unknown): boolean {
  if (value === target) return true;
  if (typeof value !== 'object' || value === null) return false;
  return Object.values(value as Record<string, unknown>).some(
    (inner: unknown) =>
      inner === target ||
      (typeof inner === 'object' &&
        inner !== null &&
        Object.values(inner as Record<string, unknown>).includes(target)),
  );
}
