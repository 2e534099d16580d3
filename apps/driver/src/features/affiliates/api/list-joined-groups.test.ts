import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { callQueryKey } from '../../../lib/api/call-query-key.ts';
import { joinedGroupsQuery, membershipChanged } from './list-joined-groups.ts';

describe('membershipChanged (a group’s own tariff changes what the driver pays)', () => {
  it('drops the groups, the chargers’ prices and the chargers’ pages held, and nothing else', async () => {
    const queryClient = new QueryClient();
    const keys = {
      groups: joinedGroupsQuery.queryKey,
      price: callQueryKey('listChargerPrices', { barcode: '1001' }),
      charger: callQueryKey('getChargerByBarcode', { barcode: '1001' }),
      balance: callQueryKey('getUserBalance'),
    };
    for (const key of Object.values(keys)) queryClient.setQueryData(key, {});
    await membershipChanged(queryClient);
    const invalidated = Object.fromEntries(
      Object.entries(keys).map(([name, key]) => [
        name,
        queryClient.getQueryState(key)?.isInvalidated,
      ]),
    );
    expect(invalidated).toEqual({ groups: true, price: true, charger: true, balance: false });
  });
});
