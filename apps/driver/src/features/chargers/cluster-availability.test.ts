import { describe, expect, it } from 'vitest';
import type { ChargerLiveEvent } from '@evc/contract';
import { chargerDirectory } from './charger-directory.ts';
import { availabilityByPosition, availabilityChanges } from './cluster-availability.ts';

const directory = chargerDirectory({
  count: 3,
  barcode: ['1001', '1002', '1003'],
  connectors: [[[1, 'Type 2', 'Available']], [[1, 'Type 2', 'Charging']], [[1, 'CCS', 'Faulted']]],
});
const charging: ChargerLiveEvent = {
  barcode: '1001',
  online: true,
  connectors: [{ connectornumber: 1, status: 'Charging', at: null, inTransaction: true }],
};
const offline: ChargerLiveEvent = { barcode: '1002', online: false, connectors: [] };

describe('which chargers a status batch changes on the map', () => {
  it('flags, by position, the searched chargers with a free connector', () => {
    expect([...availabilityByPosition(directory, [0, 1], new Map())]).toEqual([1, 0, 0]);
    expect([...availabilityByPosition(directory, [0], new Map([['1001', charging]]))]).toEqual([
      0, 0, 0,
    ]);
  });

  it('looks only at new events and at those dropped when the list was read again', () => {
    const before = new Map([['1001', charging]]);
    const after = new Map([
      ['1002', offline],
      ['9999', offline],
    ]);
    const changes = availabilityChanges(directory, before, after);
    // 1002 is new (offline: nothing free); 1001's event is gone, so its listed status counts;
    // a barcode the list does not hold is left out.
    expect([...changes.positions]).toEqual([1, 0]);
    expect([...changes.available]).toEqual([0, 1]);
    expect(availabilityChanges(directory, after, new Map(after)).positions).toHaveLength(0);
  });
});
