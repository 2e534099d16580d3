/**
 * A top-up between its intent being made and the bank's answer: kept so that a 3-D Secure
 * redirect, a reload or a lost connection does not lose it (spec 000 §4: an intent's status can
 * be retrieved from its secret).
 */
export interface PendingTopUp {
  intentId: string;
  clientSecret: string;
  amountMinor: number;
  cardId: string;
  keptAt: number;
}

const KEY = 'pendingTopUp';
const MAX_AGE_MS = 60 * 60_000;

export function keepPendingTopUp(topUp: Omit<PendingTopUp, 'keptAt'>): void {
  localStorage.setItem(KEY, JSON.stringify({ ...topUp, keptAt: Date.now() }));
}

export function forgetPendingTopUp(): void {
  localStorage.removeItem(KEY);
}

/** The top-up kept for this amount and card, if recent enough. */
export function pendingTopUp(amountMinor: number, cardId: string): PendingTopUp | null {
  let kept: Partial<PendingTopUp> | null;
  try {
    kept = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<PendingTopUp> | null;
  } catch {
    return null;
  }
  if (
    !kept ||
    typeof kept.intentId !== 'string' ||
    typeof kept.clientSecret !== 'string' ||
    typeof kept.keptAt !== 'number' ||
    kept.amountMinor !== amountMinor ||
    kept.cardId !== cardId ||
    Date.now() - kept.keptAt > MAX_AGE_MS
  )
    return null;
  return {
    ...kept,
    intentId: kept.intentId,
    clientSecret: kept.clientSecret,
    amountMinor,
    cardId,
    keptAt: kept.keptAt,
  };
}
