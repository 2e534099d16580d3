import { PAYMENT_METHODS, type PaymentMethod } from '@evc/domain';
import type { ChargePoint } from '../../lib/charging-session/charging-flow.ts';

/** What the guest's confirmed payment method page starts the charge with. */
export interface ConfirmedPayment {
  point: ChargePoint;
  method: PaymentMethod;
  /** The held pre-authorisation (null when none was needed). */
  intentId: string | null;
  cardId: string | null;
  /** The guest did not ask to keep the card: it is removed once the charge has started. */
  forgetCard: boolean;
}

export function guestConfirmedPath(payment: ConfirmedPayment): string {
  const search = new URLSearchParams({
    barcode: payment.point.barcode,
    connector: String(payment.point.connector),
    source: payment.method,
  });
  if (payment.intentId) search.set('intent', payment.intentId);
  if (payment.cardId) search.set('card', payment.cardId);
  if (payment.forgetCard) search.set('forget', '1');
  return `/guest-confirmed-payment-method?${search.toString()}`;
}

export function readConfirmedPayment(search: URLSearchParams): ConfirmedPayment | null {
  const barcode = search.get('barcode') ?? '';
  const connector = Number(search.get('connector'));
  const method = PAYMENT_METHODS.find((known) => known === search.get('source'));
  if (!barcode || !Number.isInteger(connector) || connector < 1 || !method) return null;
  return {
    point: { barcode, connector },
    method,
    intentId: search.get('intent'),
    cardId: search.get('card'),
    forgetCard: search.get('forget') === '1',
  };
}
