import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_CHARGER_PERMISSION, type ListChargersRequest } from '@evc/contract';
import { callApi } from '../../../lib/api/client.ts';
import { callQueryKey } from '../../../lib/api/call-query-key.ts';

/** What the find-charger page asks of /listChargers: every column, connectors populated. */
export const LIST_CHARGERS_REQUEST = {
  permission_name: DEFAULT_CHARGER_PERMISSION,
  populate: ['connectors'],
  field_filter: ['name', 'lat', 'lon', 'address', 'city', 'post_code', 'online', 'free'],
  toggles: { offline: true },
} as const satisfies ListChargersRequest;

/** The list changes rarely; live statuses arrive separately, so it is fetched once a while. */
const LIST_STALE_MS = 10 * 60_000;

export const listChargers = (signal?: AbortSignal) =>
  callApi(
    'listChargers',
    {
      ...LIST_CHARGERS_REQUEST,
      populate: [...LIST_CHARGERS_REQUEST.populate],
      field_filter: [...LIST_CHARGERS_REQUEST.field_filter],
    },
    { signal },
  );

export const listChargersQuery = queryOptions({
  queryKey: callQueryKey('listChargers'),
  queryFn: ({ signal }) => listChargers(signal),
  staleTime: LIST_STALE_MS,
});

/**
 * spec 000 §7: POST /listChargers. `pollMs` re-reads the list while live statuses cannot be
 * pushed (the fallback); false while the stream is live.
 */
export function useChargerList(pollMs: number | false = false) {
  return useQuery({ ...listChargersQuery, refetchInterval: pollMs });
}
