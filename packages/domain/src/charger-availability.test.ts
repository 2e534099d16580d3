import { describe, expect, it } from 'vitest';
import {
  availabilityClassOf,
  chargerAvailability,
  connectorAvailability,
} from './charger-availability.ts';

describe('regulation 7: how each status counts', () => {
  it.each([
    ['Available', 'working'],
    ['Charging', 'working'],
    ['Reserved', 'working'],
    ['Preparing', 'working'],
    ['SuspendedEV', 'working'],
    ['SuspendedEVSE', 'working'],
    ['Finishing', 'working'],
    ['Unknown', 'excluded'],
    ['Blocked', 'excluded'],
    ['Faulted', 'down'],
    ['Unavailable', 'down'],
    ['Offline', 'down'],
  ])('%s counts as %s', (status, expected) => {
    expect(availabilityClassOf(status)).toBe(expected);
  });
});

const from = new Date('2026-11-01T00:00:00Z');
const to = new Date('2026-11-01T10:00:00Z');
const at = (hour: number) => new Date(from.getTime() + hour * 3_600_000);
const HOUR = 3_600_000;

describe('regulation 7: availability over a window', () => {
  it.each([
    ['no reports at all: nothing counted', null, [], 0, 0, null],
    ['Available throughout', 'Available', [], 10, 0, 100],
    [
      'Available, Faulted for 1 hour, Available again',
      'Available',
      [
        ['Faulted', 2],
        ['Available', 3],
      ],
      9,
      1,
      90,
    ],
    [
      'Unknown hours are left out of both sides',
      'Unknown',
      [
        ['Charging', 5],
        ['Offline', 9],
      ],
      4,
      1,
      80,
    ],
    [
      'Blocked is excluded, Unavailable is down',
      'Blocked',
      [
        ['Unavailable', 6],
        ['Reserved', 8],
      ],
      2,
      2,
      50,
    ],
  ] as const)('%s', (_, before, changes, working, down, percent) => {
    const result = connectorAvailability({
      from,
      to,
      before,
      changes: changes.map(([status, hour]) => ({ status, at: at(hour) })),
    });
    expect(result.workingMs).toBe(working * HOUR);
    expect(result.downMs).toBe(down * HOUR);
    expect(result.percent).toBe(percent);
  });

  it('ignores reports outside the window and adds connectors up', () => {
    const one = connectorAvailability({
      from,
      to,
      before: 'Available',
      changes: [
        { status: 'Faulted', at: new Date(from.getTime() - HOUR) },
        { status: 'Faulted', at: at(11) },
      ],
    });
    expect(one.percent).toBe(100);
    const two = connectorAvailability({ from, to, before: 'Faulted', changes: [] });
    expect(chargerAvailability([one, two]).percent).toBe(50);
  });
});
