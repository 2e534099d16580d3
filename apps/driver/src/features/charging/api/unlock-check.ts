import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';
import { callQueryKey } from '../../../lib/api/call-query-key.ts';
import type { ConnectorRef } from './unlock-charger-connector.ts';

/** How often the completed page asks whether the cable has been released. */
export const UNLOCK_CHECK_MS = 2000;

const unlockCheckInput = (connector: ConnectorRef, userId: string) => ({
  chargerid: connector.chargerid,
  connectorid: connector.connectorid,
  userid: userId,
});

/** GET /connector/unlock/check?chargerid&connectorid&userid: whether the cable is out. */
export const unlockCheck = (connector: ConnectorRef, userId: string) =>
  callApi('unlockCheck', undefined, { query: unlockCheckInput(connector, userId) });

export const unlockCheckQuery = (connector: ConnectorRef, userId: string) =>
  queryOptions({
    queryKey: callQueryKey('unlockCheck', unlockCheckInput(connector, userId)),
    queryFn: () => unlockCheck(connector, userId),
  });

/**
 * Asked once when the page opens (the cable may be out already: a reload, a later visit), then
 * again and again until the cable is out once an unlock was accepted (`waiting`).
 */
export function useUnlockCheck(connector: ConnectorRef, userId: string, waiting: boolean) {
  return useQuery({
    ...unlockCheckQuery(connector, userId),
    retry: false,
    refetchInterval: (query) => (waiting && !query.state.data?.released ? UNLOCK_CHECK_MS : false),
  });
}
