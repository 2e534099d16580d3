import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  breakdownFigures,
  breakdownTimeRange,
  costBreakdownRows,
  DEFAULT_BREAKDOWN_SYMBOL,
  formatMoney,
  sessionBreakdown,
  type BreakdownInterval,
  type CostBreakdownInput,
  type CostBreakdownRow,
  type MoneyCurrency,
  type SessionCostParts,
} from '@evc/domain';
import './cost-breakdown.css';
import { useFormatLocale } from '../../lib/dates.ts';

/**
 * spec 001 §9: '30 minutes', '1 hour', 'N hours' (hours may be 1.5); '1 hour 7 minutes', '21
 * seconds'; one of a unit is singular ('1 minute', '1 second').
 */
function intervalText(interval: BreakdownInterval, t: TFunction, locale: string): string {
  const count = (value: number) => new Intl.NumberFormat(locale).format(value);
  switch (interval.unit) {
    case 'seconds':
      return interval.count === 1
        ? t('costBreakdown.interval.second')
        : t('costBreakdown.interval.seconds', { count: count(interval.count) });
    case 'minutes':
      return interval.count === 1
        ? t('costBreakdown.interval.minute')
        : t('costBreakdown.interval.minutes', { count: count(interval.count) });
    case 'hours':
      return interval.count === 1
        ? t('costBreakdown.interval.hour')
        : t('costBreakdown.interval.hours', { count: count(interval.count) });
    case 'hoursAndMinutes': {
      const values = { hours: count(interval.hours), minutes: count(interval.minutes) };
      if (interval.hours === 1)
        return interval.minutes === 1
          ? t('costBreakdown.interval.hourAndMinute')
          : t('costBreakdown.interval.hourAndMinutes', values);
      return interval.minutes === 1
        ? t('costBreakdown.interval.hoursAndMinute', values)
        : t('costBreakdown.interval.hoursAndMinutes', values);
    }
  }
}

/** Issue 19: what the session cost and when it ran, so each row carries its cost. */
export interface CostBreakdownSession {
  parts: SessionCostParts;
  currency: MoneyCurrency;
  startedAt: Date | null;
  /** When it ended, or now while it runs. */
  endedAt: Date | null;
}

export interface CostBreakdownProps {
  entries: readonly CostBreakdownInput[];
  /** The transaction currency's symbol; the pound sign when it has none (001 §9). */
  symbol?: string | null;
  /** Open at first; closed by default. */
  open?: boolean;
  /** The zone the times are read in; the device's by default. */
  timeZone?: string;
  /**
   * Issue 19: with the session's cost, rows are cut to its real times, each shows its cost, each
   * fee charged is a row, and the rows add up to the total shown below them.
   */
  session?: CostBreakdownSession;
}

/**
 * spec 001 §2, §9: the cost breakdown table — a collapsible section whose rows read
 * 'HH:mm - HH:mm', how long they last, and '<kWh> kWh @ <symbol><rate> / kWh'.
 */
export function CostBreakdown({
  entries,
  symbol,
  open = false,
  timeZone,
  session,
}: CostBreakdownProps) {
  const { t } = useTranslation();
  const locale = useFormatLocale();
  const breakdown = session
    ? sessionBreakdown({
        entries,
        parts: session.parts,
        startedAt: session.startedAt,
        endedAt: session.endedAt,
      })
    : null;
  const rows: (CostBreakdownRow & { costMinor?: number })[] =
    breakdown?.energy ?? costBreakdownRows(entries);
  if (rows.length === 0 && (breakdown?.fees.length ?? 0) === 0) return null;
  const money = (minor: number) => (session ? formatMoney(minor, session.currency, locale) : '');
  return (
    <details className="cost-breakdown" open={open}>
      <summary>{t('costBreakdown.summary')}</summary>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('costBreakdown.time')}</th>
            <th scope="col">{t('costBreakdown.energy')}</th>
            {breakdown && <th scope="col">{t('costBreakdown.cost')}</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const figures = breakdownFigures(row, locale);
            return (
              <tr key={row.periodFrom.toISOString()} data-row="energy">
                <td>
                  <span className="cost-breakdown__range">{breakdownTimeRange(row, timeZone)}</span>
                  <span className="cost-breakdown__interval">
                    {intervalText(row.interval, t, locale)}
                  </span>
                </td>
                <td>
                  {t('costBreakdown.row', {
                    kwh: figures.kwh,
                    symbol: symbol || DEFAULT_BREAKDOWN_SYMBOL,
                    rate: figures.rate,
                  })}
                </td>
                {row.costMinor !== undefined && (
                  <td className="cost-breakdown__cost" data-minor={row.costMinor}>
                    {money(row.costMinor)}
                  </td>
                )}
              </tr>
            );
          })}
          {breakdown?.fees.map((fee) => (
            <tr key={fee.fee} data-row={fee.fee}>
              <td colSpan={2}>{t(`costBreakdown.fees.${fee.fee}`)}</td>
              <td className="cost-breakdown__cost" data-minor={fee.costMinor}>
                {money(fee.costMinor)}
              </td>
            </tr>
          ))}
        </tbody>
        {breakdown && (
          <tfoot>
            <tr data-row="total">
              <th scope="row" colSpan={2}>
                {t('costBreakdown.total')}
              </th>
              <td className="cost-breakdown__cost" data-minor={breakdown.total}>
                {money(breakdown.total)}
              </td>
            </tr>
          </tfoot>
        )}
      </table>
    </details>
  );
}
