import { describe, expect, it } from 'vitest';
import { chargerSummary } from './charger-summary.ts';
import type { ChargerRowState } from './charger-directory.ts';

describe('chargerSummary (issue 19: the fastest connector’s kW and how many connectors are free)', () => {
  it.each<[string, ChargerRowState, ReturnType<typeof chargerSummary>]>([
    [
      'the fastest of its connectors, and only the Available ones free',
      {
        online: true,
        connectors: [
          [1, 'Type 2', 'Available', 22],
          [2, 'CCS', 'Charging', 150],
          [3, 'CHAdeMO', 'Available', 50],
        ],
      },
      { fastestKw: 150, freeConnectors: 2, connectors: 3 },
    ],
    [
      'none free when the charger is offline, whatever its connectors last said',
      { online: false, connectors: [[1, 'CCS', 'Available', 50]] },
      { fastestKw: 50, freeConnectors: 0, connectors: 1 },
    ],
    [
      'connector 0 (the charger itself) is not counted',
      {
        online: true,
        connectors: [
          [0, 'Type 2', 'Available', 350],
          [1, 'Type 2', 'Faulted', 7.4],
        ],
      },
      { fastestKw: 7.4, freeConnectors: 0, connectors: 1 },
    ],
    [
      'no power when a list from before the power was added is read',
      { online: true, connectors: [[1, 'Type 2', 'Available']] },
      { fastestKw: null, freeConnectors: 1, connectors: 1 },
    ],
  ])('%s', (_case, state, summary) => {
    expect(chargerSummary(state)).toEqual(summary);
  });
});
