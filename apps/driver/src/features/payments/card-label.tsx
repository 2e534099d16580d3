import { IonIcon } from '@ionic/react';
import { cardOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import type { Card } from '@evc/contract';
import './payments.css';

/** A card as the driver recognises it: brand, last four digits and expiry. */
export function CardLabel({ card }: { card: Card }) {
  const { t } = useTranslation();
  return (
    <span className="card-label">
      <IonIcon icon={cardOutline} aria-hidden="true" />
      <span>
        <strong>{t('payments.card.name', { brand: card.brand, last4: card.last4 })}</strong>
        <small>
          {t('payments.card.expires', {
            month: String(card.exp_month).padStart(2, '0'),
            year: card.exp_year,
          })}
          {card.source === 'FUELCARD' && ` · ${t('payments.card.fuelCard')}`}
        </small>
      </span>
    </span>
  );
}
