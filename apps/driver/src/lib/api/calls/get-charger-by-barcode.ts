import { useCallback } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChargerLiveEvent, ChargerView } from '@evc/contract';
import { isChargerBarcode } from '@evc/domain';
import { callApi } from '../client.ts';
import { callQueryKey } from '../call-query-key.ts';
import { useChargerLive } from '../../live/charger-live.ts';

/** How often an open charger page asks for fresh statuses while the live stream is down. */
export const CHARGER_REFRESH_MS = 5000;

/** A charger with a pushed event applied: online flag and each connector's current status. */
export function withLiveStatus(charger: ChargerView, event: ChargerLiveEvent): ChargerView {
  const byNumber = new Map(event.connectors.map((live) => [live.connectornumber, live]));
  return {
    ...charger,
    online: event.online,
    connectors: charger.connectors.map((connector) => {
      const live = byNumber.get(connector.connectornumber);
      return live
        ? {
            ...connector,
            currentStatus: {
              ...connector.currentStatus,
              status: live.status,
              at: live.at,
              inTransaction: live.inTransaction,
            },
          }
        : connector;
    }),
  };
}

/** POST /getChargerByBarcode {barcode}. */
export const getChargerByBarcode = (barcode: string) => callApi('getChargerByBarcode', { barcode });

export const chargerByBarcodeQuery = (barcode: string) =>
  queryOptions({
    queryKey: callQueryKey('getChargerByBarcode', { barcode }),
    queryFn: () => getChargerByBarcode(barcode),
    enabled: isChargerBarcode(barcode),
    retry: false,
  });

/** A charger by its barcode, kept fresh while the page is open: pushed statuses, else polling. */
export function useChargerByBarcode(barcode: string) {
  const queryClient = useQueryClient();
  const applyEvent = useCallback(
    (event: ChargerLiveEvent) => {
      if (event.barcode !== barcode) return;
      queryClient.setQueryData(chargerByBarcodeQuery(barcode).queryKey, (charger) =>
        charger ? withLiveStatus(charger, event) : charger,
      );
    },
    [queryClient, barcode],
  );
  // The stream opens once the charger is found; until it is live the page polls.
  const query = chargerByBarcodeQuery(barcode);
  const found = queryClient.getQueryData(query.queryKey) !== undefined;
  const live = useChargerLive([barcode], applyEvent, found);
  return useQuery({ ...query, refetchInterval: live === 'live' ? false : CHARGER_REFRESH_MS });
}
