import { describe, expect, it } from 'vitest';
import { scheduleProblem, type SchedulePlan, type SecondsSlot } from './schedule-validation.ts';

const h = (hours: number) => hours * 3600;
const slot = (start: number, end: number): SecondsSlot => ({
  startSeconds: start,
  endSeconds: end,
});
const plan = (slots: SecondsSlot[], days: SchedulePlan['days'] = ['MON']): SchedulePlan => ({
  name: 'Weekdays',
  days,
  slots,
});

describe('spec 001 §5: slots as the server keeps them (seconds from midnight)', () => {
  it.each([
    ['start strictly before end', [slot(h(1), h(2))], null],
    ['an end of 00:00 counts as 24:00', [slot(h(22), 0)], null],
    ['an end of 86400 is midnight too', [slot(h(22), h(24))], null],
    ['start equal to end', [slot(h(2), h(2))], 'starts at or after its end'],
    ['start after end', [slot(h(3), h(2))], 'starts at or after its end'],
    ['touching slots overlap', [slot(h(1), h(2)), slot(h(2), h(3))], 'overlaps another slot'],
    ['a contained slot overlaps', [slot(h(1), h(5)), slot(h(2), h(3))], 'overlaps another slot'],
    ['a containing slot overlaps', [slot(h(2), h(3)), slot(h(1), h(5))], 'overlaps another slot'],
    ['apart slots are fine', [slot(h(1), h(2)), slot(h(3), h(4))], null],
    ['a second that is not a whole minute', [slot(h(1) + 30, h(2))], 'not on a whole minute'],
    ['a start of 24:00', [slot(h(24), 0)], 'out of the day'],
    ['past the day', [slot(h(1), h(25))], 'out of the day'],
    ['negative', [slot(-60, h(1))], 'out of the day'],
  ])('%s', (_case, slots, reason) => {
    const problem = scheduleProblem([plan(slots)]);
    expect(problem?.reason ?? null).toBe(reason);
  });

  it('names the schedule and the slot at fault', () => {
    const problem = scheduleProblem([
      plan([slot(h(1), h(2))], ['MON']),
      plan([slot(h(1), h(2)), slot(h(5), h(4))], ['TUE']),
    ]);
    expect(problem).toEqual({ schedule: 1, slot: 1, reason: 'starts at or after its end' });
  });

  it('spec 001 §4: a day in two schedules is refused, naming both', () => {
    const problem = scheduleProblem([
      plan([slot(h(1), h(2))], ['MON', 'TUE']),
      plan([slot(h(3), h(4))], ['WED', 'TUE']),
    ]);
    expect(problem).toEqual({
      schedule: 1,
      slot: null,
      reason: 'day used by another schedule',
      day: 'TUE',
      otherSchedule: 0,
    });
  });
});
