import { describe, expect, it } from 'vitest';
import {
  balanceMovementKind,
  balancesAfterMovements,
  type BalanceMovementKind,
} from './balance-statement.ts';

describe('balanceMovementKind (issue 19: "lists top-ups, charges and refunds")', () => {
  it.each<[string, number, BalanceMovementKind]>([
    ['topup:pi_1', -1000, 'topup'],
    ['session:s1', 345, 'charge'],
    ['session-late:s1', 120, 'charge'],
    ['refund:r1', -200, 'refund'],
    ['support-credit:c1', -500, 'credit'],
    ['unknown:x', -100, 'credit'],
    ['unknown:y', 100, 'charge'],
  ])('%s (%d) is a %s', (reference, amount, kind) => {
    expect(balanceMovementKind(reference, amount)).toBe(kind);
  });
});

describe('balancesAfterMovements (the resulting balance of each line)', () => {
  it.each<[string, number, number[], number[]]>([
    ['no movements', 0, [], []],
    [
      '£10.00 topped up, then a £3.45 charge: £6.55 now, £10.00 after the top-up',
      -655,
      [345, -1000],
      [655, 1000],
    ],
    ['a refund of £2.00 after the charge', -855, [-200, 345, -1000], [855, 655, 1000]],
    ['a charge that leaves £1.50 owed', 150, [1150, -1000], [-150, 1000]],
    ['credit opened before its movements were kept still ends at today’s', -2000, [-500], [2000]],
  ])('%s', (_label, current, newestFirst, after) => {
    expect(balancesAfterMovements(current, newestFirst)).toEqual(after);
  });
});
