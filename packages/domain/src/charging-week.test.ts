import { describe, expect, it } from 'vitest';
import { maxAmpsOfPower, minuteOfWeekIn, nextDayAt, weekStartIn } from './charging-week.ts';

describe("weekStartIn: a weekly profile starts at the charger's Monday midnight", () => {
  it.each([
    [
      'a Thursday in London winter',
      '2026-11-26T07:12:00Z',
      'Europe/London',
      '2026-11-23T00:00:00.000Z',
    ],
    [
      'a Monday just after midnight',
      '2026-11-23T00:00:01Z',
      'Europe/London',
      '2026-11-23T00:00:00.000Z',
    ],
    [
      'Sunday night is still last week',
      '2026-11-22T23:59:59Z',
      'Europe/London',
      '2026-11-16T00:00:00.000Z',
    ],
    [
      'London summer time: Monday 00:00 is 23:00 UTC Sunday',
      '2026-07-01T12:00:00Z',
      'Europe/London',
      '2026-06-28T23:00:00.000Z',
    ],
    [
      'Monday already begun in Sydney on Sunday UTC',
      '2026-11-22T14:00:00Z',
      'Australia/Sydney',
      '2026-11-22T13:00:00.000Z',
    ],
    ['New York', '2026-11-24T03:00:00Z', 'America/New_York', '2026-11-23T05:00:00.000Z'],
    [
      'milliseconds do not carry over',
      '2026-11-26T07:12:00.638Z',
      'Europe/London',
      '2026-11-23T00:00:00.000Z',
    ],
    ['UTC', '2026-11-26T07:12:00Z', 'UTC', '2026-11-23T00:00:00.000Z'],
  ])('%s', (_case, at, zone, monday) => {
    expect(weekStartIn(new Date(at), zone).toISOString()).toBe(monday);
  });
});

describe('maxAmpsOfPower: three-phase 230 V', () => {
  it.each([
    [22, 32],
    [11, 16],
    [7.4, 11],
    [0, 0],
  ])('%s kW gives %s A', (kw, amps) => {
    expect(maxAmpsOfPower(kw)).toBe(amps);
  });
});

describe('nextDayAt: the day a daily time next comes round (0 = Monday)', () => {
  it.each([
    ['Thursday 07:12 London, ready by 08:00: Thursday', '2026-11-26T07:12:00Z', 8 * 60, 3],
    ['Thursday 07:12 London, ready by 07:00: Friday', '2026-11-26T07:12:00Z', 7 * 60, 4],
    ['Sunday 23:00 London, ready by 07:00: Monday', '2026-11-29T23:00:00Z', 7 * 60, 0],
  ])('%s', (_case, at, minute, day) => {
    expect(nextDayAt(new Date(at), 'Europe/London', minute)).toBe(day);
  });
});

describe('minuteOfWeekIn: where in the charger’s week an instant falls (0 = Monday 00:00)', () => {
  it.each([
    ['Monday 00:00 in London in winter', '2026-11-23T00:00:00Z', 'Europe/London', 0],
    [
      'Wednesday 13:30 in London in winter',
      '2026-11-25T13:30:00Z',
      'Europe/London',
      2 * 1440 + 810,
    ],
    ['Sunday 23:59 in London in winter', '2026-11-29T23:59:00Z', 'Europe/London', 6 * 1440 + 1439],
    ['London in summer is an hour ahead of UTC', '2026-07-06T07:00:00Z', 'Europe/London', 480],
    [
      'Paris in winter: Monday already, while UTC is Sunday',
      '2026-11-29T23:30:00Z',
      'Europe/Paris',
      30,
    ],
  ])('%s', (_case, at, zone, expected) => {
    expect(minuteOfWeekIn(new Date(at), zone)).toBe(expected);
  });
});
