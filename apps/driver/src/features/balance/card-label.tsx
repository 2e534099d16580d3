import { IonLabel } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import type { Card } from '@evc/contract';

/** A saved card as the driver recognises it: brand, last four digits and expiry. */
export function CardLabel({ card }: { card: Card }) {
  const { t } = useTranslation();
  return (
    <IonLabel>
      <span className="topup-card__name">
        {t('topup.cardEnding', { brand: card.brand.toUpperCase(), last4: card.last4 })}
      </span>
      <p className="topup-card__expiry">
        {t('topup.expires', {
          month: String(card.exp_month).padStart(2, '0'),
          year: card.exp_year,
        })}
        {card.default ? ` · ${t('topup.defaultCard')}` : ''}
      </p>
    </IonLabel>
  );
}
