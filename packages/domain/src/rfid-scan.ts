/**
 * spec 000 §2 scan-new-card: the driver presents an unknown card at a charger (scan 1), then the
 * same card again (scan 2) within a timer. §9 does not give its length: 60 seconds, long enough to
 * read the prompt and tap again, short enough that another driver's card is unlikely in between.
 */
export const RFID_SECOND_SCAN_MS = 60_000;

/** An Authorize attempt of an unknown tag at the charger, as the server lists it. */
export interface RfidAttempt {
  idTag: string;
  /** ISO 8601, the server's clock. */
  at: string;
}

const keyOf = (attempt: RfidAttempt) => `${attempt.idTag}@${attempt.at}`;

/** Keys of the attempts already listed when the wizard began: none of them is the driver's scan. */
export function rfidScanBaseline(attempts: readonly RfidAttempt[]): ReadonlySet<string> {
  return new Set(attempts.map(keyOf));
}

/** Scan 1: the earliest attempt made since the wizard began, or null while there is none. */
export function firstRfidScan(
  attempts: readonly RfidAttempt[],
  baseline: ReadonlySet<string>,
): RfidAttempt | null {
  const fresh = attempts
    .filter((attempt) => !baseline.has(keyOf(attempt)))
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return fresh[0] ?? null;
}

/** Scan 2: the same card presented again after scan 1 (times compared on the server's clock). */
export function isSecondRfidScan(attempts: readonly RfidAttempt[], first: RfidAttempt): boolean {
  const firstAt = Date.parse(first.at);
  return attempts.some(
    (attempt) => attempt.idTag === first.idTag && Date.parse(attempt.at) > firstAt,
  );
}

/** Whether the timer for scan 2, started when scan 1 was seen (the device's clock), has run out. */
export function isRfidScanExpired(firstSeenAtMs: number, nowMs: number): boolean {
  return nowMs - firstSeenAtMs > RFID_SECOND_SCAN_MS;
}
