/** A driver's credit-low alert preference (spec 000 §3: enabled defaults false, threshold 0). */
export interface CreditLowAlertPreference {
  enabled: boolean;
  /** Minor units of the driver's currency, like every amount we store. */
  threshold: number;
}

/**
 * Issue 5: the credit-low alert is mailed when it is on and a debit takes the available balance
 * from at or above its threshold to below it. Only the crossing counts, so a driver already
 * below the threshold is not mailed again until a top-up lifts them back over it.
 */
export function isCreditLowAlertDue(input: {
  preference: CreditLowAlertPreference;
  availableBeforeMinor: number;
  availableAfterMinor: number;
}): boolean {
  const { preference, availableBeforeMinor, availableAfterMinor } = input;
  return (
    preference.enabled &&
    availableBeforeMinor >= preference.threshold &&
    availableAfterMinor < preference.threshold
  );
}
