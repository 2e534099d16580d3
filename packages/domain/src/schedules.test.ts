import { describe, expect, it } from 'vitest';
import {
  CLOCK_DIAL_SIZE,
  CLOCK_HOURS,
  CLOCK_STEP_MINUTES,
  DAY_MINUTES,
  MIN_FREE_GAP_MINUTES,
  NEW_SLOT_MINUTES,
  OFF_PEAK_BLOCKS,
  RANDOMISED_DELAY_DEFAULT,
  RANDOMISED_DELAY_MAX_SECONDS,
  allowedSlotsOfDay,
  canEditSchedule,
  chargingWindows,
  compileChargingProfile,
  daysUsedElsewhere,
  isChargingAllowedAt,
  isSlotValid,
  newSlotPlacement,
  randomisedDelaySeconds,
  secondsToClockTime,
  slotSeconds,
  slotsOverlap,
  splitAtMidnight,
  toScheduleType,
  type ClockSlot,
  type WeekDay,
} from './schedules.ts';

const slot = (start: string, end: string): ClockSlot => ({ start, end });

describe('spec 001 §9: clock constants', () => {
  it('24 hours, 30-minute steps, 90-minute gap, 30-minute new slot, 1440 minutes, dial 330', () => {
    expect([
      CLOCK_HOURS,
      CLOCK_STEP_MINUTES,
      MIN_FREE_GAP_MINUTES,
      NEW_SLOT_MINUTES,
      DAY_MINUTES,
      CLOCK_DIAL_SIZE,
    ]).toEqual([24, 30, 90, 30, 1440, 330]);
  });

  it('randomised delay up to 10 minutes, on by default; off-peak blocks 9am–11am and 4pm–7pm', () => {
    expect(RANDOMISED_DELAY_MAX_SECONDS).toBe(600);
    expect(RANDOMISED_DELAY_DEFAULT).toBe(true);
    expect(OFF_PEAK_BLOCKS).toEqual([
      [540, 660],
      [960, 1140],
    ]);
  });
});

describe('spec 001 §3: scheduleType CUSTOM, DEFAULT, NONE; unknown becomes NONE', () => {
  it.each([
    ['CUSTOM', 'CUSTOM'],
    ['DEFAULT', 'DEFAULT'],
    ['NONE', 'NONE'],
    ['custom', 'NONE'],
    ['WEEKLY', 'NONE'],
    [undefined, 'NONE'],
    [null, 'NONE'],
  ])('%s reads %s', (raw, type) => {
    expect(toScheduleType(raw)).toBe(type);
  });
});

describe('spec 001 §5: only Custom schedules and editable ones can change', () => {
  it.each([
    ['CUSTOM', true, true],
    ['CUSTOM', false, false],
    ['DEFAULT', true, false],
    ['NONE', true, false],
  ] as const)('%s, editable %s: %s', (type, editable, can) => {
    expect(canEditSchedule(type, editable)).toBe(can);
  });
});

describe('spec 001 §3: incoming slot seconds from midnight converted to HH:mm', () => {
  it.each([
    [0, '00:00'],
    [1800, '00:30'],
    [3600 * 7 + 60 * 15, '07:15'],
    [3600 * 23 + 1800, '23:30'],
    [86400, '00:00'],
  ])('%i seconds reads %s', (seconds, time) => {
    expect(secondsToClockTime(seconds)).toBe(time);
  });

  it('an off time of 00:00 is kept as 24:00 in seconds', () => {
    expect(slotSeconds(slot('22:00', '00:00'))).toEqual({ startSeconds: 79200, endSeconds: 86400 });
  });
});

describe('spec 001 §5: slot validity', () => {
  it.each([
    ['start strictly earlier than end', slot('01:00', '02:00'), [], true],
    ['start equal to end is invalid', slot('01:00', '01:00'), [], false],
    ['start later than end is invalid', slot('03:00', '02:00'), [], false],
    ['end 00:00 counts as 24:00', slot('23:00', '00:00'), [], true],
    ['a slot from 00:00 to 00:00 is the whole day', slot('00:00', '00:00'), [], true],
    ['apart from another slot', slot('01:00', '02:00'), [slot('03:00', '04:00')], true],
    [
      'touching boundaries count as overlap',
      slot('01:00', '02:00'),
      [slot('02:00', '03:00')],
      false,
    ],
    ['containing counts as overlap', slot('01:00', '05:00'), [slot('02:00', '03:00')], false],
    ['contained counts as overlap', slot('02:00', '03:00'), [slot('01:00', '05:00')], false],
    ['partly overlapping', slot('01:00', '03:00'), [slot('02:00', '04:00')], false],
    ['not a time', slot('25:00', '26:00'), [], false],
  ])('%s', (_wording, candidate, others, valid) => {
    expect(isSlotValid(candidate, others)).toBe(valid);
  });

  it('overlap is symmetric', () => {
    expect(slotsOverlap(slot('02:00', '03:00'), slot('01:00', '05:00'))).toBe(true);
    expect(slotsOverlap(slot('01:00', '05:00'), slot('02:00', '03:00'))).toBe(true);
  });
});

describe('spec 001 §5: new slot placement', () => {
  it.each([
    ['with no slots, 00:00-00:30', [], slot('00:00', '00:30')],
    [
      'the first gap of at least 90 minutes from midnight: 30 minutes after it starts, to 60 after',
      [slot('02:00', '03:00')],
      slot('00:30', '01:00'),
    ],
    [
      'a gap from the previous end',
      [slot('00:00', '01:00'), slot('02:00', '04:00'), slot('06:00', '07:00')],
      slot('04:30', '05:00'),
    ],
    [
      'a gap of exactly 90 minutes is enough',
      [slot('00:00', '01:00'), slot('02:30', '00:00')],
      slot('01:30', '02:00'),
    ],
    [
      'a gap under 90 minutes is skipped; after the last slot if 90 minutes remain',
      [slot('00:00', '01:00'), slot('02:00', '20:00')],
      slot('20:30', '21:00'),
    ],
    [
      'slots given out of order are sorted by start',
      [slot('05:00', '06:00'), slot('00:00', '04:00')],
      slot('06:30', '07:00'),
    ],
    ['no space: null (the no-space alert)', [slot('00:00', '12:00'), slot('13:00', '23:00')], null],
    ['exactly 90 minutes before 24:00 remain', [slot('00:00', '22:30')], slot('23:00', '23:30')],
  ])('%s', (_wording, slots, placed) => {
    expect(newSlotPlacement(slots)).toEqual(placed);
  });

  it('a placed slot is always valid among the others', () => {
    const slots = [slot('00:00', '01:00'), slot('03:00', '04:00')];
    const placed = newSlotPlacement(slots);
    expect(placed && isSlotValid(placed, slots)).toBe(true);
  });
});

describe('spec 001 §4: around midnight, slots run to 23:59 and then from 00:00', () => {
  it.each([
    [slot('22:00', '02:00'), [slot('22:00', '23:59'), slot('00:00', '02:00')]],
    [slot('22:00', '00:00'), [slot('22:00', '00:00')]],
    [slot('01:00', '02:00'), [slot('01:00', '02:00')]],
  ])('%o', (given, split) => {
    expect(splitAtMidnight(given)).toEqual(split);
  });
});

describe('spec 001 §4: a day already used by another schedule asks overwrite confirmation', () => {
  it.each([
    [['MON', 'TUE'], [{ days: ['TUE', 'WED'] }], ['TUE']],
    [['SAT'], [{ days: ['MON'] }, { days: ['SUN'] }], []],
  ] as [WeekDay[], { days: WeekDay[] }[], WeekDay[]][])('%o against %o', (days, others, used) => {
    expect(daysUsedElsewhere(days, others)).toEqual(used);
  });
});

const MONDAY = ['MON'] as const;
const hours = (h: number) => h * 60;

describe('compiling schedules and flags into charging-profile periods (OCPP TxDefaultProfile)', () => {
  it('No Schedule clears the profile', () => {
    expect(
      compileChargingProfile({
        scheduleType: 'NONE',
        schedules: [],
        offPeak: false,
        delaySeconds: 0,
        maxAmps: 32,
      }),
    ).toBeNull();
  });

  it('zero outside the slots, the maximum inside, seconds from Monday 00:00', () => {
    expect(
      compileChargingProfile({
        scheduleType: 'CUSTOM',
        schedules: [{ days: MONDAY, slots: [slot('01:00', '05:00')] }],
        offPeak: false,
        delaySeconds: 0,
        maxAmps: 32,
      }),
    ).toEqual([
      { startPeriod: 0, limit: 0 },
      { startPeriod: 3600, limit: 32 },
      { startPeriod: 18000, limit: 0 },
    ]);
  });

  it('the randomised delay opens each window late, closing it on time', () => {
    expect(
      compileChargingProfile({
        scheduleType: 'CUSTOM',
        schedules: [{ days: MONDAY, slots: [slot('01:00', '05:00')] }],
        offPeak: false,
        delaySeconds: 437,
        maxAmps: 16,
      }),
    ).toEqual([
      { startPeriod: 0, limit: 0 },
      { startPeriod: 3600 + 437, limit: 16 },
      { startPeriod: 18000, limit: 0 },
    ]);
  });

  it('the off-peak flag removes 09:00–11:00 and 16:00–19:00 from a slot', () => {
    const windows = chargingWindows({
      scheduleType: 'CUSTOM',
      schedules: [{ days: MONDAY, slots: [slot('08:00', '20:00')] }],
      offPeak: true,
      delaySeconds: 0,
    });
    expect(windows).toEqual([
      { start: hours(8), end: hours(9) },
      { start: hours(11), end: hours(16) },
      { start: hours(19), end: hours(20) },
    ]);
  });

  it('a slot to 24:00 runs on into the next day: one window, opened once', () => {
    const windows = chargingWindows({
      scheduleType: 'CUSTOM',
      schedules: [
        { days: ['MON', 'TUE'], slots: [slot('22:00', '00:00'), slot('00:00', '06:00')] },
      ],
      offPeak: false,
      delaySeconds: 60,
    });
    expect(windows).toEqual([
      { start: 1, end: hours(6) },
      { start: hours(22) + 1, end: hours(24 + 6) },
      { start: hours(24 + 22) + 1, end: hours(48) },
    ]);
  });

  it('the Default type is the UK default every day, read-only', () => {
    const windows = chargingWindows({
      scheduleType: 'DEFAULT',
      schedules: [],
      offPeak: false,
      delaySeconds: 0,
    });
    // Peak hours 8am–11am and 4pm–10pm are closed on every day.
    for (let day = 0; day < 7; day += 1) {
      expect(isChargingAllowedAt(windows, day * DAY_MINUTES + hours(9))).toBe(false);
      expect(isChargingAllowedAt(windows, day * DAY_MINUTES + hours(17))).toBe(false);
      expect(isChargingAllowedAt(windows, day * DAY_MINUTES + hours(3))).toBe(true);
      expect(isChargingAllowedAt(windows, day * DAY_MINUTES + hours(23))).toBe(true);
    }
  });

  it('with no limit (No Schedule) charging is always allowed', () => {
    expect(isChargingAllowedAt(null, hours(9))).toBe(true);
  });
});

describe('spec 001 §9: randomised delay up to 10 minutes', () => {
  it.each([
    [0, 0],
    [0.5, 300],
    [0.9999999, 600],
  ])('random %f gives %i s', (random, seconds) => {
    expect(randomisedDelaySeconds(random)).toBe(seconds);
  });
});

describe('a ready-by plan narrows the windows (issue 17)', () => {
  const within = [{ startSeconds: 2 * 3600, endSeconds: 4 * 3600 }];
  it.each([
    ['the UK default keeps 02:00–04:00 each day', 'DEFAULT' as const, 7],
    ['No Schedule becomes 02:00–04:00 each day', 'NONE' as const, 7],
  ])('%s', (_case, scheduleType, count) => {
    const windows = chargingWindows({
      scheduleType,
      schedules: [],
      offPeak: false,
      delaySeconds: 0,
      within,
    });
    expect(windows).toHaveLength(count);
    expect(windows?.[1]).toEqual({ start: 1440 + 120, end: 1440 + 240 });
  });

  it('allowedSlotsOfDay: the Default with off-peak on, as seconds of a day', () => {
    expect(
      allowedSlotsOfDay({ scheduleType: 'DEFAULT', schedules: [], offPeak: true }, 'WED'),
    ).toEqual([
      { startSeconds: 0, endSeconds: 8 * 3600 },
      { startSeconds: 11 * 3600, endSeconds: 16 * 3600 },
      { startSeconds: 22 * 3600, endSeconds: 24 * 3600 },
    ]);
    expect(allowedSlotsOfDay({ scheduleType: 'NONE', schedules: [], offPeak: true }, 'WED')).toBe(
      null,
    );
  });
});
