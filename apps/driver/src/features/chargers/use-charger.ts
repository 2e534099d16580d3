import { useQuery } from '@tanstack/react-query';
import { isChargerBarcode } from '@evc/domain';
import { callApi } from '../../lib/api/client.ts';

/** How often an open charger page asks for fresh statuses (the fallback until pushed updates). */
export const CHARGER_REFRESH_MS = 5000;

/** A charger by its barcode, kept fresh while the page is open. */
export function useChargerByBarcode(barcode: string) {
  return useQuery({
    queryKey: ['charger', barcode],
    queryFn: () => callApi('getChargerByBarcode', { barcode }),
    enabled: isChargerBarcode(barcode),
    refetchInterval: CHARGER_REFRESH_MS,
    retry: false,
  });
}
