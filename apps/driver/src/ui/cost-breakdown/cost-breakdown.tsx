import { useTranslation } from 'react-i18next';
import {
  breakdownFigures,
  breakdownTimeRange,
  costBreakdownRows,
  DEFAULT_BREAKDOWN_SYMBOL,
  type BreakdownInterval,
  type CostBreakdownInput,
} from '@evc/domain';
import './cost-breakdown.css';
import { useFormatLocale } from '../../lib/dates.ts';

/** spec 001 §9: '30 minutes', '1 hour', 'N hours' (hours may be 1.5). */
function intervalKey(interval: BreakdownInterval): string {
  if (interval.unit === 'minutes') return 'costBreakdown.interval.minutes';
  return interval.count === 1 ? 'costBreakdown.interval.hour' : 'costBreakdown.interval.hours';
}

export interface CostBreakdownProps {
  entries: readonly CostBreakdownInput[];
  /** The transaction currency's symbol; the pound sign when it has none (001 §9). */
  symbol?: string | null;
  /** Open at first; closed by default. */
  open?: boolean;
  /** The zone the times are read in; the device's by default. */
  timeZone?: string;
}

/**
 * spec 001 §2, §9: the cost breakdown table — a collapsible section whose rows read
 * 'HH:mm - HH:mm', how long they last, and '<kWh> kWh @ <symbol><rate> / kWh'.
 */
export function CostBreakdown({ entries, symbol, open = false, timeZone }: CostBreakdownProps) {
  const { t } = useTranslation();
  const locale = useFormatLocale();
  const rows = costBreakdownRows(entries);
  if (rows.length === 0) return null;
  return (
    <details className="cost-breakdown" open={open}>
      <summary>{t('costBreakdown.summary')}</summary>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('costBreakdown.time')}</th>
            <th scope="col">{t('costBreakdown.energy')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const figures = breakdownFigures(row, locale);
            return (
              <tr key={row.periodFrom.toISOString()}>
                <td>
                  <span className="cost-breakdown__range">{breakdownTimeRange(row, timeZone)}</span>
                  <span className="cost-breakdown__interval">
                    {t(intervalKey(row.interval), {
                      count: new Intl.NumberFormat(locale).format(row.interval.count),
                    })}
                  </span>
                </td>
                <td>
                  {t('costBreakdown.row', {
                    kwh: figures.kwh,
                    symbol: symbol || DEFAULT_BREAKDOWN_SYMBOL,
                    rate: figures.rate,
                  })}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </details>
  );
}
