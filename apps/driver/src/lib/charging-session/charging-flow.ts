import { PAYMENT_METHODS, type PaymentMethod } from '@evc/domain';

/** Where a charge is going: the charger's barcode and the connector chosen on its page. */
export interface ChargePoint {
  barcode: string;
  connector: number;
}

/** The flow's pages carry the charge point (and the payment chosen) in their address. */
export function readChargePoint(search: URLSearchParams): ChargePoint | null {
  const barcode = search.get('barcode') ?? '';
  const connector = Number(search.get('connector'));
  if (!barcode || !Number.isInteger(connector) || connector < 1) return null;
  return { barcode, connector };
}

export function readPaymentMethod(search: URLSearchParams): PaymentMethod | null {
  const source = search.get('source');
  return PAYMENT_METHODS.find((method) => method === source) ?? null;
}

export function selectPaymentPath(point: ChargePoint): string {
  return `/charging-select-payment?${new URLSearchParams({
    barcode: point.barcode,
    connector: String(point.connector),
  }).toString()}`;
}

export function confirmPaymentPath(
  point: ChargePoint,
  source: PaymentMethod,
  cardId: string | null,
): string {
  const search = new URLSearchParams({
    barcode: point.barcode,
    connector: String(point.connector),
    source,
  });
  if (cardId) search.set('card', cardId);
  return `/charging-confirm-payment?${search.toString()}`;
}

/** A session page's address; `transactionId` is the name the spec gives its parameter. */
export const sessionPath = (
  page: 'start-charging' | 'charging-in-progress' | 'charging-completed',
  sessionId: string,
) => `/${page}?transactionId=${encodeURIComponent(sessionId)}`;

/** The session id a session page (or the variable-tariff page) is opened with. */
export const readSessionId = (search: URLSearchParams): string => search.get('transactionId') ?? '';

/** spec 001 §2: the tariff chart of a session's tariff. */
export const variableTariffPath = (sessionId: string) =>
  `/variable-tariff?transactionId=${encodeURIComponent(sessionId)}`;
