/** A driver's charge-finished alert preference (spec 000 §3: enabled defaults false, threshold 0). */
export interface ChargeFinishedAlertPreference {
  enabled: boolean;
  /** Minor units of the session's currency; 0 means every charge. */
  threshold: number;
}

/**
 * The charge-finished alert (ADR 0009): when it is on, the end of a session mails its receipt if
 * the session cost at least the threshold, so a threshold of 0 mails every charge.
 */
export function isChargeFinishedAlertDue(
  preference: ChargeFinishedAlertPreference,
  costMinor: number,
): boolean {
  return preference.enabled && costMinor >= preference.threshold;
}
