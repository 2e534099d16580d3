import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { callQueryKey } from './call-query-key.ts';

describe('callQueryKey', () => {
  it.each([
    [callQueryKey('listCards'), ['listCards']],
    [
      callQueryKey('getChargerByBarcode', { barcode: '1001' }),
      ['getChargerByBarcode', { barcode: '1001' }],
    ],
  ])('%j is the call name, then its input', (key, expected) => {
    expect(key).toEqual(expected);
  });

  it('the key without input invalidates every answer of the call, and only those', async () => {
    const client = new QueryClient();
    client.setQueryData(callQueryKey('getUserBalance', { userid: 'u1' }), 1);
    client.setQueryData(callQueryKey('getUserBalance', { userid: 'u2' }), 2);
    client.setQueryData(callQueryKey('listCards'), []);
    await client.invalidateQueries({ queryKey: callQueryKey('getUserBalance') });
    const invalidated = client
      .getQueryCache()
      .findAll({ predicate: (query) => query.state.isInvalidated })
      .map((query) => query.queryKey);
    expect(invalidated).toEqual([
      ['getUserBalance', { userid: 'u1' }],
      ['getUserBalance', { userid: 'u2' }],
    ]);
  });
});
