import { describe, expect, it } from 'vitest';
import { chargerDirectory, connectorTypeBit, liveRowState } from './charger-directory.ts';

const directory = chargerDirectory({
  count: 2,
  barcode: ['1001', '2002'],
  name: ['Leeds Dock', 'York Station'],
  connectors: [
    [
      [1, 'Type 2', 'Available'],
      [2, 'CCS', 'Charging'],
    ],
    [[1, 'CHAdeMO', 'Faulted']],
  ],
});

describe('chargerDirectory', () => {
  it('marks the connector types of each charger and finds a charger by barcode', () => {
    expect(directory.typeMask[0]).toBe(connectorTypeBit('Type 2') | connectorTypeBit('CCS'));
    expect(directory.typeMask[1]).toBe(connectorTypeBit('CHAdeMO'));
    expect(directory.positionOf.get('2002')).toBe(1);
  });

  it('fills columns the answer left out: online by default, no coordinates', () => {
    expect(directory.online).toEqual([true, true]);
    expect(directory.lat.every(Number.isNaN)).toBe(true);
  });

  it('lays a pushed event over a charger, connector by connector', () => {
    const overlay = new Map([
      [
        '1001',
        {
          barcode: '1001',
          online: false,
          connectors: [
            { connectornumber: 2, status: 'Finishing' as const, at: null, inTransaction: false },
          ],
        },
      ],
    ]);
    expect(liveRowState(directory, 0, overlay)).toEqual({
      online: false,
      connectors: [
        [1, 'Type 2', 'Available'],
        [2, 'CCS', 'Finishing'],
      ],
    });
    expect(liveRowState(directory, 1, overlay).connectors).toEqual([[1, 'CHAdeMO', 'Faulted']]);
  });
});
