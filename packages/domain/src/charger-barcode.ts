/** spec 000 §3: a charger's idTag barcode is a 4-digit id. */
export const CHARGER_BARCODE_PATTERN = /^\d{4}$/;

export function isChargerBarcode(text: string): boolean {
  return CHARGER_BARCODE_PATTERN.test(text);
}
