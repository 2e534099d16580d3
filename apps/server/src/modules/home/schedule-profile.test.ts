import { describe, expect, it } from 'vitest';
import { compositeDisagreements } from './schedule-profile.ts';

const weekStart = new Date('2026-11-23T00:00:00Z');
// Monday: nothing until 12:00, 32 A from 12:00 to 13:00, nothing after.
const periods = [
  { startPeriod: 0, limit: 0 },
  { startPeriod: 12 * 3600, limit: 32 },
  { startPeriod: 13 * 3600, limit: 0 },
];
const now = new Date('2026-11-23T11:00:00Z');
const composite = (chargingSchedulePeriod: { startPeriod: number; limit: number }[]) => ({
  status: 'Accepted',
  chargingSchedule: { startSchedule: now.toISOString(), chargingSchedulePeriod },
});

describe("the charger's composite schedule read back against the profile sent", () => {
  it.each([
    [
      'as sent',
      [
        { startPeriod: 0, limit: 0 },
        { startPeriod: 3600, limit: 32 },
        { startPeriod: 7200, limit: 0 },
      ],
      0,
    ],
    [
      'capped lower by the charger: still as sent',
      [
        { startPeriod: 0, limit: 0 },
        { startPeriod: 3600, limit: 16 },
        { startPeriod: 7200, limit: 0 },
      ],
      0,
    ],
    ['no limit at all', [{ startPeriod: 0, limit: 32 }], 1],
    [
      'the window an hour late',
      [
        { startPeriod: 0, limit: 0 },
        { startPeriod: 7200, limit: 32 },
        { startPeriod: 10_800, limit: 0 },
      ],
      2,
    ],
  ])('%s', (_case, read, wrong) => {
    expect(compositeDisagreements(composite(read), periods, weekStart, now)).toHaveLength(wrong);
  });
});
