import { describe, expect, it } from 'vitest';
import { connectorGroups } from './connector-groups.ts';
import type { ChargerRowState } from './charger-directory.ts';

const six: ChargerRowState = {
  online: true,
  connectors: [
    [1, 'Type 2', 'Available', 7.4],
    [2, 'Type 2', 'Available', 7.4],
    [3, 'Type 2', 'Charging', 7.4],
    [4, 'CCS', 'Available', 50],
    [5, 'Type 2', 'Available', 7.4],
    [6, 'Type 2', 'Preparing', 7.4],
  ],
};

describe('connectorGroups (issue 19: rows with many connectors stay short)', () => {
  it('puts connectors of one type and one wording together, in first-seen order', () => {
    expect(connectorGroups(six, null)).toEqual([
      { number: 1, type: 'Type 2', status: 'Available', count: 3 },
      // Charging and Preparing are both In use to another driver.
      { number: 3, type: 'Type 2', status: 'Charging', count: 2 },
      { number: 4, type: 'CCS', status: 'Available', count: 1 },
    ]);
  });

  it('keeps the connector of the driver’s own session on its own', () => {
    expect(connectorGroups(six, 3)).toEqual([
      { number: 1, type: 'Type 2', status: 'Available', count: 3 },
      { number: 3, type: 'Type 2', status: 'Charging', count: 1 },
      { number: 4, type: 'CCS', status: 'Available', count: 1 },
      { number: 6, type: 'Type 2', status: 'Preparing', count: 1 },
    ]);
  });

  it('words every connector of an offline charger Offline, so they are one entry', () => {
    expect(connectorGroups({ ...six, online: false }, null)).toEqual([
      { number: 1, type: 'Type 2', status: 'Available', count: 5 },
      { number: 4, type: 'CCS', status: 'Available', count: 1 },
    ]);
  });

  it('leaves out connector 0, the charger itself', () => {
    expect(
      connectorGroups({ online: true, connectors: [[0, 'Type 2', 'Available', 22]] }, null),
    ).toEqual([]);
  });
});
