import { callApi } from '../../../lib/api/client.ts';

/** spec 000 §7: unknown cards presented lately at the charger with this barcode. */
export function getUnauthorizedAuthsOnChargerByBarcode(barcode: string, signal?: AbortSignal) {
  return callApi('getUnauthorizedAuthsOnChargerByBarcode', { barcode }, { signal });
}
