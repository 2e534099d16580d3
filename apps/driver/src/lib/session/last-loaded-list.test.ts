import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { resetMasqueradeForTests, turnMasqueradeOn } from '../masquerade/masquerade-state.ts';
import { forgetLastLoaded } from './forget-last-loaded.ts';
import { restoreLastLoaded, saveLastLoaded } from './last-loaded-queries.ts';
import { setKeptListStoreForTests, type KeptListStore } from './last-loaded-list-store.ts';

const chargers = ['listChargers'];
const balance = ['getUserBalance'];
const running = ['latestUserTransaction'];

/** A network's list in the columns /listChargers answers with. */
const networkList = (count: number) => ({
  count,
  barcode: Array.from({ length: count }, (_, at) => String(100_000 + at)),
  name: Array.from({ length: count }, (_, at) => `Charger on a long road name number ${at}`),
  lat: Array.from({ length: count }, (_, at) => 50 + at / count),
});

/** IndexedDB as the app uses it, in memory: one record, kept as a structured clone. */
class MemoryListStore implements KeptListStore {
  record: unknown = undefined;
  writes = 0;
  /** While set, a write waits for it (a slow disk). */
  hold: Promise<void> | null = null;
  read = () => Promise.resolve(structuredClone(this.record));
  write = async (list: unknown) => {
    this.writes += 1;
    const copy = structuredClone(list);
    await this.hold;
    this.record = copy;
  };
  clear = () => Promise.resolve(void (this.record = undefined));
}

/** A store that fails as IndexedDB does in some private modes or past the quota. */
const failingStore: KeptListStore = {
  read: () => Promise.reject(new DOMException('refused', 'InvalidStateError')),
  write: () => Promise.reject(new DOMException('full', 'QuotaExceededError')),
  clear: () => Promise.reject(new DOMException('refused', 'InvalidStateError')),
};

let store: MemoryListStore;

beforeEach(async () => {
  store = new MemoryListStore();
  setKeptListStoreForTests(store);
  await forgetLastLoaded();
  window.localStorage.clear();
});

afterEach(() => {
  setKeptListStoreForTests(null);
  resetMasqueradeForTests();
});

async function savedFor(userId: string, list = networkList(60_000)): Promise<QueryClient> {
  const client = new QueryClient();
  client.setQueryData(chargers, list, { updatedAt: 5_000 });
  client.setQueryData(balance, { balance: 1250 });
  await saveLastLoaded(client, userId);
  return client;
}

describe('the chargers list, kept apart from the snapshot (issue 19, ADR 0044)', () => {
  it('keeps a 60,000-charger list with when it was loaded, and puts it back for the same user', async () => {
    await savedFor('user-1');
    expect(window.localStorage.getItem('lastLoadedData')).not.toContain('listChargers');

    const after = new QueryClient();
    expect(await restoreLastLoaded(after, 'user-1')).toBe(true);
    expect(after.getQueryData(chargers)).toEqual(networkList(60_000));
    expect(after.getQueryState(chargers)?.dataUpdatedAt).toBe(5_000);
    expect(after.getQueryData(balance)).toEqual({ balance: 1250 });
  });

  it('never shows another account the list, and drops it', async () => {
    await savedFor('user-1');
    const other = new QueryClient();
    await restoreLastLoaded(other, 'user-2');
    expect(other.getQueryData(chargers)).toBeUndefined();
    expect(store.record).toBeUndefined();
  });

  it('keeps no list after logout', async () => {
    await savedFor('user-1');
    await forgetLastLoaded();
    expect(store.record).toBeUndefined();
    const after = new QueryClient();
    expect(await restoreLastLoaded(after, 'user-1')).toBe(false);
    expect(after.getQueryData(chargers)).toBeUndefined();
  });

  it('keeps no list when logout comes while it is being written', async () => {
    let written = (): void => undefined;
    store.hold = new Promise((resolve) => (written = resolve));
    const saving = savedFor('user-1');
    await expect.poll(() => store.writes).toBe(1);
    const forgetting = forgetLastLoaded();
    written();
    await Promise.all([saving, forgetting]);
    expect(store.record).toBeUndefined();
  });

  it('does not put back the kept list over a fresher one loaded meanwhile', async () => {
    await savedFor('user-1');
    const after = new QueryClient();
    after.setQueryData(chargers, networkList(3), { updatedAt: 9_000 });
    await restoreLastLoaded(after, 'user-1');
    expect(after.getQueryData(chargers)).toEqual(networkList(3));
  });

  it('writes the list only when it changed, not again once put back', async () => {
    const client = await savedFor('user-1', networkList(10));
    await saveLastLoaded(client, 'user-1');
    expect(store.writes).toBe(1);

    client.setQueryData(chargers, networkList(11));
    await saveLastLoaded(client, 'user-1');
    expect(store.writes).toBe(2);

    const after = new QueryClient();
    await restoreLastLoaded(after, 'user-1');
    await saveLastLoaded(after, 'user-1');
    expect(store.writes).toBe(2);
    expect(after.getQueryData(chargers)).toEqual(networkList(11));
  });

  it('when the store fails, keeps and puts back the rest without the list', async () => {
    setKeptListStoreForTests(failingStore);
    await savedFor('user-1');
    const after = new QueryClient();
    after.setQueryData(running, { _id: 'running-session' });
    expect(await restoreLastLoaded(after, 'user-1')).toBe(true);
    expect(after.getQueryData(balance)).toEqual({ balance: 1250 });
    expect(after.getQueryData(chargers)).toBeUndefined();
    await expect(forgetLastLoaded()).resolves.toBeUndefined();
  });

  it('in support masquerade, keeps the list in the page only, never on the device', async () => {
    setKeptListStoreForTests(null);
    turnMasqueradeOn();
    await savedFor('user-1', networkList(10));
    const during = new QueryClient();
    await restoreLastLoaded(during, 'user-1');
    expect(during.getQueryData(chargers)).toEqual(networkList(10));

    resetMasqueradeForTests();
    // The device's store (none in jsdom) was never written: nothing comes back outside masquerade.
    const outside = new QueryClient();
    await restoreLastLoaded(outside, 'user-1');
    expect(outside.getQueryData(chargers)).toBeUndefined();
  });
});
