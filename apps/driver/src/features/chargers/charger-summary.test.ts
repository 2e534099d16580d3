import { describe, expect, it } from 'vitest';
import { chargerSummary, markerLabel } from './charger-summary.ts';
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

describe('markerLabel (issue 19: power, price now and free connectors on a map marker)', () => {
  const summary = { fastestKw: 22, freeConnectors: 1, connectors: 2 };
  it.each<[string, Parameters<typeof markerLabel>[1], string]>([
    ['all three', { power: '22 kW', price: '45p/kWh' }, '22 kW · 45p/kWh · 1/2'],
    ['before the price has arrived', { power: '22 kW', price: null }, '22 kW · 1/2'],
    ['a charger whose power the list does not say', { power: null, price: 'Free' }, 'Free · 1/2'],
  ])('%s', (_, texts, label) => {
    expect(markerLabel(summary, texts)).toBe(label);
  });
});
