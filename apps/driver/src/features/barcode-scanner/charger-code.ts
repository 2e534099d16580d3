import { deepLinkTarget, isChargerBarcode } from '@evc/domain';

const CHARGER_TARGET = '/charger-details?';

/**
 * The charger barcode in a scanned code, read with the deep-link rule (spec 000 §2: the charger
 * code is the last path segment of an address; a bare 4-digit code is a path of one segment).
 * Null when the code names no charger.
 */
export function chargerBarcodeFromCode(text: string): string | null {
  const target = deepLinkTarget(text.trim());
  if (!target?.startsWith(CHARGER_TARGET)) return null;
  const barcode = new URLSearchParams(target.slice(CHARGER_TARGET.length)).get('barcode') ?? '';
  return isChargerBarcode(barcode) ? barcode : null;
}
