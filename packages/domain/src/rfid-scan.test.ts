import { describe, expect, it } from 'vitest';
import {
  firstRfidScan,
  isRfidScanExpired,
  isSecondRfidScan,
  RFID_SECOND_SCAN_MS,
  rfidScanBaseline,
  type RfidAttempt,
} from './rfid-scan.ts';

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, seconds)).toISOString();
const attempt = (idTag: string, seconds: number): RfidAttempt => ({ idTag, at: at(seconds) });

describe('scan-new-card (spec 000 §2)', () => {
  const old = [attempt('OLD1', 1), attempt('OLD2', 2)];
  const baseline = rfidScanBaseline(old);

  it.each([
    ['nothing presented since the wizard began', old, null],
    ['a card presented: scan 1', [...old, attempt('AA', 10)], 'AA'],
    ['two cards: the first one presented', [attempt('BB', 12), ...old, attempt('AA', 10)], 'AA'],
    ['a card already listed presented again counts', [...old, attempt('OLD1', 11)], 'OLD1'],
  ])('scan 1 — %s', (_, attempts, uid) => {
    expect(firstRfidScan(attempts, baseline)?.idTag ?? null).toBe(uid);
  });

  it.each([
    ['the same card again, later', [attempt('AA', 10), attempt('AA', 20)], true],
    ['only scan 1 itself', [attempt('AA', 10)], false],
    ['another card', [attempt('AA', 10), attempt('BB', 20)], false],
    ['the same card, but before scan 1', [attempt('AA', 5), attempt('AA', 10)], false],
  ])('scan 2 — %s', (_, attempts, expected) => {
    expect(isSecondRfidScan(attempts, attempt('AA', 10))).toBe(expected);
  });

  it.each([
    ['just after scan 1', 1000, false],
    ['at the end of the timer', RFID_SECOND_SCAN_MS, false],
    ['after the timer', RFID_SECOND_SCAN_MS + 1, true],
  ])('the timer for scan 2 — %s', (_, elapsed, expired) => {
    expect(isRfidScanExpired(5000, 5000 + elapsed)).toBe(expired);
  });
});
