/** spec 001 §3, §9: each cost breakdown entry covers 30 minutes. */
export const BREAKDOWN_ENTRY_MINUTES = 30;
/** spec 001 §9: the symbol shown when the transaction's currency has none. */
export const DEFAULT_BREAKDOWN_SYMBOL = '£';

const MINUTE_MS = 60_000;

/** spec 001 §3: one 30-minute entry as the server sends it (rate in currency units per kWh). */
export interface CostBreakdownInput {
  periodStart: string | Date;
  rate: number;
  /** kWh consumed in the period. */
  value: number;
}

/**
 * How long a row lasts, as the table words it: '30 minutes' or N hour(s); a row cut to a
 * session's real start or end (issue 19) may last '2.5 minutes' or '1 hour 7 minutes'.
 */
export type BreakdownInterval =
  | { unit: 'seconds'; count: number }
  | { unit: 'minutes'; count: number }
  | { unit: 'hours'; count: number }
  | { unit: 'hoursAndMinutes'; hours: number; minutes: number };

/** spec 001 §3: a derived row of the table. */
export interface CostBreakdownRow {
  periodFrom: Date;
  periodTo: Date;
  interval: BreakdownInterval;
  kwhRate: number;
  consumedKwh: number;
}

function validStart(value: string | Date): Date | null {
  const date = value instanceof Date ? new Date(value.getTime()) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * spec 001 §9: a row's length in words. Under a minute it is whole seconds, cut as the session's
 * duration is (20.6 s reads 20 seconds beside 00:00:20); under an hour it is minutes ('30
 * minutes', '2.5 minutes' for a row cut to a short session, to a tenth of a minute); whole half
 * hours from an hour on are hours (1.5 hours for three entries); any other length is hours and
 * whole minutes.
 */
export function breakdownInterval(minutes: number): BreakdownInterval {
  // Whole milliseconds first, so that a float just under a second does not lose it.
  if (minutes < 1)
    return { unit: 'seconds', count: Math.floor(Math.round(minutes * MINUTE_MS) / 1000) };
  const tenths = Math.round(minutes * 10) / 10;
  if (tenths < 60) return { unit: 'minutes', count: tenths };
  if (tenths % BREAKDOWN_ENTRY_MINUTES === 0) return { unit: 'hours', count: tenths / 60 };
  const whole = Math.round(minutes);
  if (whole % BREAKDOWN_ENTRY_MINUTES === 0) return { unit: 'hours', count: whole / 60 };
  return { unit: 'hoursAndMinutes', hours: Math.floor(whole / 60), minutes: whole % 60 };
}

/**
 * spec 001 §2, §5, §9: the cost breakdown rows. Entries with an invalid periodStart are skipped;
 * consecutive entries (in the order given) with the same rate merge into one row, their kWh summed
 * and the row's end extended to the later entry's end.
 */
export function costBreakdownRows(entries: readonly CostBreakdownInput[]): CostBreakdownRow[] {
  const rows: CostBreakdownRow[] = [];
  for (const entry of entries) {
    const start = validStart(entry.periodStart);
    if (!start) continue;
    const end = new Date(start.getTime() + BREAKDOWN_ENTRY_MINUTES * MINUTE_MS);
    const last = rows.at(-1);
    if (last && last.kwhRate === entry.rate) {
      last.periodTo = end;
      last.consumedKwh += entry.value;
      continue;
    }
    rows.push({
      periodFrom: start,
      periodTo: end,
      interval: breakdownInterval(BREAKDOWN_ENTRY_MINUTES),
      kwhRate: entry.rate,
      consumedKwh: entry.value,
    });
  }
  for (const row of rows) {
    row.interval = breakdownInterval(
      (row.periodTo.getTime() - row.periodFrom.getTime()) / MINUTE_MS,
    );
    // Summing floats (0.1 + 0.2) must not show a stray digit at 1 decimal; keep Wh precision.
    row.consumedKwh = Math.round(row.consumedKwh * 1000) / 1000;
  }
  return rows;
}

/**
 * A moment as HH:mm on a 24-hour clock in the given time zone (the device's by default): spec 001
 * §2's breakdown rows, and the hours a tariff's wording names.
 */
export function clockTime(date: Date, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}

/** spec 001 §2: 'HH:mm - HH:mm'. */
export function breakdownTimeRange(
  row: Pick<CostBreakdownRow, 'periodFrom' | 'periodTo'>,
  timeZone?: string,
) {
  return `${clockTime(row.periodFrom, timeZone)} - ${clockTime(row.periodTo, timeZone)}`;
}

/** The numbers of '<kWh> kWh @ <symbol><rate> / kWh': kWh to 1 decimal, the rate to 2 (001 §9). */
export function breakdownFigures(
  row: Pick<CostBreakdownRow, 'consumedKwh' | 'kwhRate'>,
  locale: string,
): { kwh: string; rate: string } {
  const fixed = (digits: number) =>
    new Intl.NumberFormat(locale, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: false,
    });
  return { kwh: fixed(1).format(row.consumedKwh), rate: fixed(2).format(row.kwhRate) };
}
