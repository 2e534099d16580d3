import { deepLinkTarget, isChargerBarcode } from '@evc/domain';

const CHARGER_TARGET = '/charger-details?';

/** The barcode a deep-link target names (`/charger-details?barcode=…`), or null for another page. */
export function chargerCodeOfTarget(target: string): string | null {
  if (!target.startsWith(CHARGER_TARGET)) return null;
  return new URLSearchParams(target.slice(CHARGER_TARGET.length)).get('barcode') ?? '';
}

/**
 * The charger barcode in a scanned code, read with the deep-link rule (spec 000 §2: the charger
 * code is the last path segment of an address; a bare 4-digit code is a path of one segment).
 * Null when the code names no charger.
 */
export function chargerBarcodeFromCode(text: string): string | null {
  const target = deepLinkTarget(text.trim());
  const barcode = target === null ? null : chargerCodeOfTarget(target);
  return barcode !== null && isChargerBarcode(barcode) ? barcode : null;
}
