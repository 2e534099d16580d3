import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChargerLiveEvent, ChargerView } from '@evc/contract';
import { isChargerBarcode } from '@evc/domain';
import { callApi } from '../../lib/api/client.ts';
import { useChargerLive } from '../../lib/live/charger-live.ts';

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
            currentStatus: { ...connector.currentStatus, status: live.status, at: live.at },
          }
        : connector;
    }),
  };
}

/** A charger by its barcode, kept fresh while the page is open: pushed statuses, else polling. */
export function useChargerByBarcode(barcode: string) {
  const queryClient = useQueryClient();
  const applyEvent = useCallback(
    (event: ChargerLiveEvent) => {
      if (event.barcode !== barcode) return;
      queryClient.setQueryData<ChargerView>(['charger', barcode], (charger) =>
        charger ? withLiveStatus(charger, event) : charger,
      );
    },
    [queryClient, barcode],
  );
  // The stream opens once the charger is found; until it is live the page polls.
  const found = queryClient.getQueryData(['charger', barcode]) !== undefined;
  const live = useChargerLive([barcode], applyEvent, found);
  return useQuery({
    queryKey: ['charger', barcode],
    queryFn: () => callApi('getChargerByBarcode', { barcode }),
    enabled: isChargerBarcode(barcode),
    refetchInterval: live === 'live' ? false : CHARGER_REFRESH_MS,
    retry: false,
  });
}
