import { useTranslation } from 'react-i18next';
import type { TransactionView } from '@evc/contract';
import { durationText, formatMoney, holdUsedPercent } from '@evc/domain';
import { FitText } from '../../ui/fit-text/fit-text.tsx';
import { useFormatLocale } from '../../lib/dates.ts';
import { powerText } from '../../lib/power-text.ts';

/** The big figure's size where it fits (2.75rem): it shrinks only to stay on one line. */
const HERO_SIZE_PX = 44;

/**
 * Issue 19: the live charge as a driver chooses on it — the cost so far as the big figure, then
 * energy, power (the server caps it at the connector's rating), time elapsed and how much of the
 * card hold is used.
 */
export function LiveFigures({ session }: { session: TransactionView }) {
  const { t } = useTranslation();
  const locale = useFormatLocale();
  const { total, currency } = session.data.cost.applied_cost;
  const money = (minor: number) =>
    formatMoney(minor, { code: currency.code, decimal_digits: currency.decimal_digits }, locale);
  const decimal = (value: number) =>
    new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
      value,
    );
  // Paused or waiting, the car draws nothing, whatever the last sample said.
  const powerW = session.state === 'charging' ? session.powerW : 0;
  const held = session.payment.held;
  const used = holdUsedPercent(total, held);
  return (
    <div className={`charging-hero charging-hero--${session.state}`} role="status">
      <span className="charging-hero__label">{t('charging.progress.costSoFar')}</span>
      {/* The big live figure holds on one line, however many digits it grows to. */}
      <FitText className="charging-hero__cost" data-testid="live-cost" maxSize={HERO_SIZE_PX}>
        {money(total)}
      </FitText>
      <span className="charging-hero__state">
        {t(`transactionSummary.states.${session.state}`)}
      </span>
      <dl className="charging-hero__figures">
        <div>
          <dt>{t('charging.progress.energy')}</dt>
          <dd data-testid="live-kwh">
            {t('transactionSummary.kwh', { kwh: decimal(session.kWh) })}
          </dd>
        </div>
        <div>
          <dt>{t('charging.progress.power')}</dt>
          <dd data-testid="live-power">{powerW === null ? '–' : powerText(powerW, locale)}</dd>
        </div>
        <div>
          <dt>{t('charging.progress.elapsed')}</dt>
          <dd data-testid="live-elapsed">{durationText(session.duration)}</dd>
        </div>
        {used !== null && (
          <div>
            <dt>{t('charging.progress.holdUsed')}</dt>
            <dd data-testid="live-hold">
              {t('charging.progress.holdOf', { used: money(total), held: money(held) })}
            </dd>
          </div>
        )}
      </dl>
      {used !== null && (
        <div
          className="charging-hero__hold"
          role="progressbar"
          aria-label={t('charging.progress.holdUsed')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={used}
          aria-valuetext={t('charging.progress.holdPercent', { percent: used })}
        >
          <span style={{ width: `${used}%` }} />
        </div>
      )}
    </div>
  );
}
