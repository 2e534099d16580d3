import { describe, expect, it } from 'vitest';
import { csvField, quarterBounds, quarterOf } from './helpline-quarter.ts';

describe('regulation 9: contacts per calendar quarter', () => {
  it.each([
    ['2026-Q1', '2026-01-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z'],
    ['2026-Q2', '2026-04-01T00:00:00.000Z', '2026-07-01T00:00:00.000Z'],
    ['2026-Q3', '2026-07-01T00:00:00.000Z', '2026-10-01T00:00:00.000Z'],
    ['2026-Q4', '2026-10-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'],
  ])('%s runs from %s to %s', (quarter, from, to) => {
    expect(quarterBounds(quarter)).toEqual({ from: new Date(from), to: new Date(to) });
  });

  it.each(['2026-Q5', '2026-Q0', '26-Q1', '2026Q1', ''])('%j is not a quarter', (quarter) => {
    expect(quarterBounds(quarter)).toBeNull();
  });

  it.each([
    ['2026-03-31T23:59:59Z', '2026-Q1'],
    ['2026-04-01T00:00:00Z', '2026-Q2'],
    ['2026-12-31T12:00:00Z', '2026-Q4'],
  ])('%s is in %s', (at, quarter) => {
    expect(quarterOf(new Date(at))).toBe(quarter);
  });
});

describe('CSV fields', () => {
  it.each([
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['said "hi"', '"said ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=SUM(A1)', "'=SUM(A1)"],
    ['-1', "'-1"],
  ])('%j is written %j', (value, written) => {
    expect(csvField(value)).toBe(written);
  });
});
