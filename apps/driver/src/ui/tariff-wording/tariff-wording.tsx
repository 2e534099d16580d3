import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  tariffWording,
  type FeePeriod,
  type TariffEnergyWording,
  type TariffFeeWording,
  type WordedTariff,
} from '@evc/domain';
import { useFormatLocale } from '../../lib/dates.ts';
import './tariff-wording.css';

function priceText(t: TFunction, amount: string, per: FeePeriod): string {
  if (per.unit === 'min') return t('tariffWording.per.minutes', { amount, count: per.count });
  return per.count === 1
    ? t('tariffWording.per.hour', { amount })
    : t('tariffWording.per.hours', { amount, count: per.count });
}

/** Issue 19: 'Day 69p/kWh · 20:00–00:00 49p/kWh', 'Now 52p/kWh until 19:00', '45p/kWh'. */
export function energyText(t: TFunction, energy: TariffEnergyWording): string {
  switch (energy.kind) {
    case 'free':
      return t('tariffWording.free');
    case 'flat':
      return energy.rate;
    case 'twoRate':
      return t('tariffWording.twoRate', { ...energy });
    case 'variable':
      return energy.until
        ? t('tariffWording.variable', { rate: energy.rate, until: energy.until })
        : t('tariffWording.variableAllDay', { rate: energy.rate });
  }
}

/** Issue 19: 'Connection fee £1.00', 'Time fee £1.00/h', 'Overstay £5.00/h after 30 min'. */
export function feeText(t: TFunction, fee: TariffFeeWording): string {
  switch (fee.kind) {
    case 'connection':
      return t('tariffWording.connection', { amount: fee.amount });
    case 'time': {
      const price = priceText(t, fee.amount, fee.per);
      return fee.after > 0
        ? t('tariffWording.timeAfter', { price, after: fee.after })
        : t('tariffWording.time', { price });
    }
    case 'overstay': {
      const price = priceText(t, fee.amount, fee.per);
      return fee.after > 0
        ? t('tariffWording.overstayAfter', { price, after: fee.after })
        : t('tariffWording.overstay', { price });
    }
  }
}

/**
 * A fee as a label and its price, for a list of the tariff's terms: 'Time fee' — '£1.00/h after
 * 60 min', 'Overstay' — '£5.00/h after 30 min', 'Connection fee' — '£1.00'.
 */
export function feeParts(t: TFunction, fee: TariffFeeWording): { label: string; value: string } {
  const label = t(`tariffWording.labels.${fee.kind}`);
  if (fee.kind === 'connection') return { label, value: fee.amount };
  const price = priceText(t, fee.amount, fee.per);
  return {
    label,
    value: fee.after > 0 ? t('tariffWording.after', { price, after: fee.after }) : price,
  };
}

/** The tariff in words: its energy price and each fee, times in the driver's zone. */
export function useTariffWords(timeZone?: string) {
  const { t } = useTranslation();
  const locale = useFormatLocale();
  return (tariff: WordedTariff, now: Date = new Date()) => {
    const wording = tariffWording(tariff, {
      now,
      locale,
      ...(timeZone ? { timeZone } : {}),
    });
    return {
      energy: energyText(t, wording.energy),
      fees: wording.fees.map((fee) => feeText(t, fee)),
      terms: wording.fees.map((fee) => ({ kind: fee.kind, ...feeParts(t, fee) })),
    };
  };
}

export interface TariffWordingProps {
  tariff: WordedTariff;
  now?: Date;
  /** The driver's zone; the device's by default. */
  timeZone?: string;
}

/** Issue 19: the tariff a driver reads at a glance — the energy price first, then the fees. */
export function TariffWording({ tariff, now, timeZone }: TariffWordingProps) {
  const { t } = useTranslation();
  const words = useTariffWords(timeZone)(tariff, now);
  return (
    <div className="tariff-wording" data-testid="tariff-wording">
      <p className="tariff-wording__energy">
        <span className="tariff-wording__label">{t('tariffWording.label')}</span>{' '}
        <strong>{words.energy}</strong>
      </p>
      {words.fees.length > 0 && (
        <ul className="tariff-wording__fees">
          {words.fees.map((fee) => (
            <li key={fee}>{fee}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
