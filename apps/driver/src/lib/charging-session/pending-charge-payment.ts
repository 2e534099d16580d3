import type { PaymentMethod } from '@evc/domain';
import type { ChargePoint } from './charging-flow.ts';

/**
 * A charge's payment between its intent being made and the charge starting: what the app needs
 * to carry on after a 3-D Secure redirect, an app restart or a lost connection (spec 000 §4: an
 * intent's status can be retrieved from its secret).
 */
export interface PendingChargePayment extends ChargePoint {
  intentId: string;
  clientSecret: string;
  method: PaymentMethod;
  cardId: string | null;
  /** When it was kept (ms since the epoch): a payment left for hours is not picked up again. */
  keptAt: number;
}

const KEY = 'pendingChargePayment';
/** A hold's 3-D Secure challenge and the start after it take minutes, not hours. */
export const PENDING_PAYMENT_MAX_AGE_MS = 60 * 60_000;

/** Kept in the device's local storage: it outlives a reload and the app being closed. */
export function keepPendingChargePayment(payment: Omit<PendingChargePayment, 'keptAt'>): void {
  localStorage.setItem(KEY, JSON.stringify({ ...payment, keptAt: Date.now() }));
}

export function forgetPendingChargePayment(): void {
  localStorage.removeItem(KEY);
}

function isPending(value: unknown): value is PendingChargePayment {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.intentId === 'string' &&
    typeof entry.clientSecret === 'string' &&
    typeof entry.barcode === 'string' &&
    typeof entry.connector === 'number' &&
    typeof entry.method === 'string' &&
    (entry.cardId === null || typeof entry.cardId === 'string') &&
    typeof entry.keptAt === 'number'
  );
}

/** The payment kept for this charge point, paid the same way, if one is recent enough. */
export function pendingChargePayment(
  point: ChargePoint,
  method: PaymentMethod,
  cardId: string | null,
  now = Date.now(),
): PendingChargePayment | null {
  let kept: unknown;
  try {
    kept = JSON.parse(localStorage.getItem(KEY) ?? 'null');
  } catch {
    return null;
  }
  if (!isPending(kept)) return null;
  const same =
    kept.barcode === point.barcode &&
    kept.connector === point.connector &&
    kept.method === method &&
    kept.cardId === cardId;
  return same && now - kept.keptAt <= PENDING_PAYMENT_MAX_AGE_MS ? kept : null;
}
