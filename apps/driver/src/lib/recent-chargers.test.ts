import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearRecentChargers,
  loadRecentChargers,
  parseRecentChargers,
  RECENT_CHARGERS_KEY,
  rememberCharger,
  withRecentCharger,
  type RecentCharger,
} from './recent-chargers.ts';

const charger = (barcode: string): RecentCharger => ({ barcode, name: `Charger ${barcode}` });
const codes = (list: RecentCharger[]) => list.map((entry) => entry.barcode);

describe('withRecentCharger (home: the last 5 chargers opened, most recent first)', () => {
  it.each<[string, string[], string, string[]]>([
    ['the first charger opened', [], '1001', ['1001']],
    ['a new charger goes first', ['1001', '1002'], '1003', ['1003', '1001', '1002']],
    [
      'a charger opened again moves first, once',
      ['1001', '1002', '1003'],
      '1003',
      ['1003', '1001', '1002'],
    ],
    ['the oldest falls off after five', ['1', '2', '3', '4', '5'], '6', ['6', '1', '2', '3', '4']],
    ['reopening the most recent changes nothing', ['1', '2'], '1', ['1', '2']],
  ])('%s', (_, before, opened, after) => {
    expect(codes(withRecentCharger(before.map(charger), charger(opened)))).toEqual(after);
  });

  it('keeps the latest name of a charger opened again', () => {
    const list = withRecentCharger([charger('1001')], { barcode: '1001', name: 'Renamed' });
    expect(list).toEqual([{ barcode: '1001', name: 'Renamed' }]);
  });
});

describe('parseRecentChargers', () => {
  it.each<[string, string | null, string[]]>([
    ['nothing stored', null, []],
    ['not JSON', '{oops', []],
    ['not a list', '{"barcode":"1001"}', []],
    [
      'entries of another shape are dropped',
      '[{"barcode":"1001","name":"A"},{"barcode":7}]',
      ['1001'],
    ],
  ])('%s', (_, stored, expected) => {
    expect(codes(parseRecentChargers(stored))).toEqual(expected);
  });
});

describe('recent chargers on this device', () => {
  beforeEach(() => window.localStorage.clear());

  it('remembers chargers across loads and clears them', async () => {
    await rememberCharger(charger('1001'));
    await rememberCharger(charger('1002'));
    expect(codes(await loadRecentChargers())).toEqual(['1002', '1001']);
    expect(window.localStorage.getItem(RECENT_CHARGERS_KEY)).toContain('1002');
    await clearRecentChargers();
    expect(await loadRecentChargers()).toEqual([]);
    expect(window.localStorage.getItem(RECENT_CHARGERS_KEY)).toBeNull();
  });
});
