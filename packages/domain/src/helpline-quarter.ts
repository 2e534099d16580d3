/**
 * UK Public Charge Point Regulations 2023, regulation 9: the helpline's contacts are reported per
 * calendar quarter. A quarter is written `YYYY-Qn`; Q1 is January to March, in UTC.
 */
export function quarterBounds(quarter: string): { from: Date; to: Date } | null {
  const match = /^(\d{4})-Q([1-4])$/.exec(quarter);
  if (!match) return null;
  const year = Number(match[1]);
  const first = (Number(match[2]) - 1) * 3;
  return { from: new Date(Date.UTC(year, first, 1)), to: new Date(Date.UTC(year, first + 3, 1)) };
}

/** The quarter a moment falls in (UTC). */
export function quarterOf(at: Date): string {
  return `${at.getUTCFullYear()}-Q${Math.floor(at.getUTCMonth() / 3) + 1}`;
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled.
 * A field a spreadsheet would run as a formula (=, +, -, @ first) is prefixed with a quote mark.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
