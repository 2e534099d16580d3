import { beforeEach, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { forgetLastLoaded } from './forget-last-loaded.ts';
import { restoreLastLoaded, saveLastLoaded } from './last-loaded-queries.ts';

const history = ['getChargeHistory', { usercode: 'HR-1' }];
const cards = ['listCards'];

beforeEach(() => {
  window.localStorage.clear();
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
});
