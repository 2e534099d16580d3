import { CLOCK_DIAL_SIZE, CLOCK_HOURS, CLOCK_STEP_MINUTES, DAY_MINUTES } from '@evc/domain';

/** The dial's centre and radii, from the outside in: hour labels, hour marks, dots, slot arcs. */
export const DIAL = {
  size: CLOCK_DIAL_SIZE,
  centre: CLOCK_DIAL_SIZE / 2,
  label: CLOCK_DIAL_SIZE / 2 - 13,
  markOuter: CLOCK_DIAL_SIZE / 2 - 24,
  markInner: CLOCK_DIAL_SIZE / 2 - 32,
  dot: CLOCK_DIAL_SIZE / 2 - 38,
  arc: CLOCK_DIAL_SIZE / 2 - 54,
  arcWidth: 22,
} as const;

const round = (value: number) => Math.round(value * 100) / 100;

/** The point at a minute of the day on a circle of `radius`; 00:00 at the top, clockwise. */
export function dialPoint(minute: number, radius: number): { x: number; y: number } {
  const angle = (minute / DAY_MINUTES) * 2 * Math.PI - Math.PI / 2;
  return {
    x: round(DIAL.centre + radius * Math.cos(angle)),
    y: round(DIAL.centre + radius * Math.sin(angle)),
  };
}

/** An SVG path along the dial from `start` to `end` minutes; a whole day is drawn as two halves. */
export function arcPath(start: number, end: number, radius = DIAL.arc): string {
  if (end - start >= DAY_MINUTES) {
    return `${arcPath(0, DAY_MINUTES / 2, radius)} ${arcPath(DAY_MINUTES / 2, DAY_MINUTES, radius)}`;
  }
  const from = dialPoint(start, radius);
  const to = dialPoint(end, radius);
  const large = end - start > DAY_MINUTES / 2 ? 1 : 0;
  return `M ${from.x} ${from.y} A ${radius} ${radius} 0 ${large} 1 ${to.x} ${to.y}`;
}

/** The minute of each hour mark and of each half-hour dot. */
export const HOUR_MINUTES = Array.from({ length: CLOCK_HOURS }, (_, hour) => hour * 60);
export const STEP_MINUTES = Array.from(
  { length: DAY_MINUTES / CLOCK_STEP_MINUTES },
  (_, step) => step * CLOCK_STEP_MINUTES,
);

/** The dial position (a half-hour step, 24:00 as 00:00) nearest a minute of the day. */
export const nearestStep = (minute: number): number =>
  (Math.round(minute / CLOCK_STEP_MINUTES) * CLOCK_STEP_MINUTES) % DAY_MINUTES;
