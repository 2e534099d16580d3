import type { AlertPreference, EmailPrefs } from '@evc/contract';

export type AlertName = keyof EmailPrefs;

export const ALERT_NAMES: readonly AlertName[] = ['credit_low_alert', 'charge_finished_alert'];

/**
 * The thresholds a driver picks from, in whole units of their currency (spec 000 §9 leaves the
 * choices open). Credit low: mail when the balance falls below the amount; a low figure warns
 * late, 50 covers a long charge. Charge finished: mail when a finished charge cost at least the
 * amount; 0 means after every charge.
 */
export const THRESHOLD_CHOICES: Readonly<Record<AlertName, readonly number[]>> = {
  credit_low_alert: [5, 10, 20, 50],
  charge_finished_alert: [0, 5, 10, 20],
};

/** Whole units of the currency as stored minor units (spec 000 §3: thresholds in minor units). */
export const thresholdMinor = (whole: number, decimalDigits: number) =>
  Math.round(whole * 10 ** decimalDigits);

/** The stored thresholds to offer: the choices, and the driver's own figure if it is not one. */
export function thresholdOptions(
  alert: AlertName,
  current: AlertPreference,
  decimalDigits: number,
): number[] {
  const choices = THRESHOLD_CHOICES[alert].map((whole) => thresholdMinor(whole, decimalDigits));
  const offered = new Set(choices);
  if (current.enabled || current.threshold > 0) offered.add(current.threshold);
  return [...offered].sort((a, b) => a - b);
}

/** Turning an alert on with no figure yet picks the first choice, so it can ever fire. */
export function withEnabled(
  alert: AlertName,
  current: AlertPreference,
  enabled: boolean,
  decimalDigits: number,
): AlertPreference {
  const first = thresholdMinor(THRESHOLD_CHOICES[alert][0] ?? 0, decimalDigits);
  const threshold = enabled && current.threshold === 0 ? first : current.threshold;
  return { enabled, threshold };
}
