import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { TransactionView } from '@evc/contract';
import {
  connectorStatusClass,
  costPerKwh,
  durationText,
  formatMoney,
  rateAt,
  rateMomentOf,
  ratePerKwhText,
  sessionEnergyRates,
} from '@evc/domain';
import { variableTariffPath } from '../../lib/charging-session/charging-flow.ts';
import { useDates, useFormatLocale } from '../../lib/dates.ts';
import { powerText } from '../../lib/power-text.ts';
import './transaction-summary.css';

export interface TransactionSummaryProps {
  transaction: TransactionView | null | undefined;
  /** Extra rows below the figures (e.g. what was held and captured). */
  children?: ReactNode;
  /** Figures a page already shows larger (the live screen's cost, energy, power, time). */
  hide?: readonly SummaryField[];
}

export type SummaryField = 'duration' | 'energy' | 'power' | 'cost';

/** spec 001 §2: 'complete' once finished, otherwise the class of the connector's current status. */
function summaryClass(transaction: TransactionView): string {
  if (transaction.data.finished) return 'complete';
  return connectorStatusClass(
    transaction.connectorStatus,
    transaction.connectorStatus !== 'Offline',
  );
}

/**
 * spec 001 §2, §3, §9: the transaction summary panel — shown only with transaction data, headed
 * by its title; energy
 * to 1 decimal, cost in the currency's digits, cost per kWh only when both exceed 0, duration
 * HH:mm:ss, and the 'tariff overview' link when the transaction has an _id.
 */
export function TransactionSummary({ transaction, children, hide = [] }: TransactionSummaryProps) {
  const { t } = useTranslation();
  const dates = useDates();
  const locale = useFormatLocale();
  if (!transaction) return null;
  const { currency, total } = transaction.data.cost.applied_cost;
  const money = (minor: number) =>
    formatMoney(minor, { code: currency.code, decimal_digits: currency.decimal_digits }, locale);
  const perKwh = costPerKwh(total, transaction.kWh);
  const started = transaction.data.startdate
    ? dates.format(transaction.data.startdate, 'dateTime')
    : null;
  const decimal = (value: number, digits: number) =>
    new Intl.NumberFormat(locale, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(value);
  const rows: [string, string, string][] = [
    ['state', t('transactionSummary.state'), t(`transactionSummary.states.${transaction.state}`)],
  ];
  if (started) rows.push(['started', t('transactionSummary.started'), started]);
  rows.push(
    ['duration', t('transactionSummary.duration'), durationText(transaction.duration)],
    [
      'energy',
      t('transactionSummary.energy'),
      t('transactionSummary.kwh', { kwh: decimal(transaction.kWh, 1) }),
    ],
  );
  // The last sample's power means nothing once paused or finished (the next sample reads 0).
  if (transaction.state === 'charging' && transaction.powerW !== null) {
    rows.push(['power', t('transactionSummary.power'), powerText(transaction.powerW, locale)]);
  }
  rows.push(['cost', t('transactionSummary.cost'), money(total)]);
  // Issue 19: the spec's cost per kWh is the whole cost over the energy, fees included: an
  // average, worded so, with the tariff's own rate beside it.
  if (perKwh !== null) {
    const amount = money(perKwh);
    rows.push([
      'perKwh',
      t('transactionSummary.costPerKwh'),
      t('transactionSummary.perKwh', { amount }),
    ]);
  }
  const { tariff, finished, startdate } = transaction.data;
  const startedAt = startdate ? new Date(startdate) : null;
  const rateMoment = rateMomentOf({ finished, startedAt }, new Date());
  const rates = sessionEnergyRates(transaction.breakdown, rateAt(tariff, rateMoment));
  rows.push([
    'tariffRate',
    t('transactionSummary.tariffRate'),
    rates.map((rate) => ratePerKwhText(rate, tariff.currency, locale)).join(', '),
  ]);
  const home = transaction.data.homeCharge;
  if (home) {
    const homeCost = formatMoney(
      home.total,
      { code: home.currency.code, decimal_digits: home.currency.decimal_digits },
      locale,
    );
    rows.push(['homeCharge', t('transactionSummary.homeCharge'), homeCost]);
  }

  return (
    <section
      className={`transaction-summary transaction-summary--${summaryClass(transaction)}`}
      aria-label={t('transactionSummary.label')}
    >
      <header>
        <h2 className="transaction-summary__title">{transaction.title}</h2>
        <span>
          {t('transactionSummary.connector', {
            barcode: transaction.barcode,
            number: transaction.connectorid,
          })}
        </span>
      </header>
      <dl>
        {rows
          .filter(([key]) => !hide.some((hidden) => hidden === key))
          .map(([key, label, value]) => (
            <div key={key} data-field={key}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {children}
      {transaction._id && (
        <Link className="transaction-summary__tariff" to={variableTariffPath(transaction._id)}>
          {t('transactionSummary.tariffOverview')}
        </Link>
      )}
    </section>
  );
}
