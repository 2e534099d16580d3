import {
  breakdownInterval,
  costBreakdownRows,
  type CostBreakdownInput,
  type CostBreakdownRow,
} from './cost-breakdown.ts';

const MINUTE_MS = 60_000;
/** Rates have at most 4 decimals, energy whole Wh: a row's weight is a whole number. */
const RATE_SCALE = 10_000;

/** What a session's cost is made of, integer minor units; their sum is the total. */
export interface SessionCostParts {
  energy: number;
  connection: number;
  periods: number;
  overstay: number;
}

/** A fee of the tariff, each its own row of the breakdown (issue 19). */
export type BreakdownFee = 'connection' | 'periods' | 'overstay';
export const BREAKDOWN_FEES: readonly BreakdownFee[] = ['connection', 'periods', 'overstay'];

/** A row of energy at one rate, with its share of the energy cost in minor units. */
export interface EnergyBreakdownRow extends CostBreakdownRow {
  costMinor: number;
}

export interface FeeBreakdownRow {
  fee: BreakdownFee;
  costMinor: number;
}

export interface SessionBreakdown {
  energy: EnergyBreakdownRow[];
  fees: FeeBreakdownRow[];
  /** The sum of every row: the session's total. */
  total: number;
}

export interface SessionBreakdownInput {
  /** The server's 30-minute entries (001 §3). */
  entries: readonly CostBreakdownInput[];
  parts: SessionCostParts;
  /** When the session started and ended (now while it runs); null before it starts. */
  startedAt: Date | null;
  endedAt: Date | null;
}

/**
 * Shares `amount` among weights so the shares add up to it exactly: each gets its proportional
 * share rounded down, and what is left goes a unit at a time to the largest remainders (the
 * earlier row first on a tie). No weight at all puts the amount on the first share.
 */
export function shareByWeight(amount: number, weights: readonly bigint[]): number[] {
  if (weights.length === 0) return [];
  const total = weights.reduce((sum, weight) => sum + weight, 0n);
  if (total === 0n) return weights.map((_, index) => (index === 0 ? amount : 0));
  const whole = BigInt(amount);
  const shares = weights.map((weight) => (whole * weight) / total);
  const remainders = weights.map((weight, index) => ({
    index,
    rest: whole * weight - (shares[index] ?? 0n) * total,
  }));
  let left = whole - shares.reduce((sum, share) => sum + share, 0n);
  remainders.sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
  for (const { index } of remainders) {
    if (left <= 0n) break;
    shares[index] = (shares[index] ?? 0n) + 1n;
    left -= 1n;
  }
  return shares.map(Number);
}

/**
 * Issue 19: the completed page's breakdown adds up to the total. Spec 001's energy rows (30-minute
 * entries merged by rate), each cut to the session's real start and end (a 2.5-minute session
 * reads 06:12 - 06:14, not the whole half hour) and carrying its share of the energy cost — rate ×
 * kWh, shared so the rows add up to the energy part exactly — then a row per fee charged
 * (connection, time, overstay).
 */
export function sessionBreakdown(input: SessionBreakdownInput): SessionBreakdown {
  const rows = costBreakdownRows(input.entries).flatMap((row) => {
    const from =
      input.startedAt && input.startedAt > row.periodFrom ? input.startedAt : row.periodFrom;
    const to = input.endedAt && input.endedAt < row.periodTo ? input.endedAt : row.periodTo;
    if (to < from) return [];
    const minutes = (to.getTime() - from.getTime()) / MINUTE_MS;
    return [{ ...row, periodFrom: from, periodTo: to, interval: breakdownInterval(minutes) }];
  });
  const weights = rows.map(
    (row) =>
      BigInt(Math.round(row.kwhRate * RATE_SCALE)) * BigInt(Math.round(row.consumedKwh * 1000)),
  );
  const shares = shareByWeight(input.parts.energy, weights);
  const energy = rows.map((row, index) => ({ ...row, costMinor: shares[index] ?? 0 }));
  const fees = BREAKDOWN_FEES.filter((fee) => input.parts[fee] > 0).map((fee) => ({
    fee,
    costMinor: input.parts[fee],
  }));
  return {
    energy,
    fees,
    total:
      energy.reduce((sum, row) => sum + row.costMinor, 0) +
      fees.reduce((sum, row) => sum + row.costMinor, 0),
  };
}

/**
 * Issue 19: the tariff's own rate(s) a session was charged at, shown beside the average per kWh:
 * the distinct rates of its breakdown entries in the order they came, skipping empty half hours
 * (or, when nothing was drawn, `rateNow`: the rate in force at the moment `rateMomentOf` gives).
 */
export function sessionEnergyRates(
  entries: readonly CostBreakdownInput[],
  rateNow: number,
): number[] {
  const drawn = entries.filter((entry) => entry.value > 0).map((entry) => entry.rate);
  return drawn.length === 0 ? [rateNow] : [...new Set(drawn)];
}

/**
 * Issue 19: the moment whose rate stands for a session that drew nothing: its start once it is
 * finished (the rate it ran under, not today's), now while it runs or before it has started.
 */
export function rateMomentOf(
  session: { finished: boolean; startedAt: Date | null },
  now: Date,
): Date {
  return session.finished && session.startedAt ? session.startedAt : now;
}
