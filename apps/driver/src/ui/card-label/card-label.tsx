import { IonIcon } from '@ionic/react';
import { cardOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import type { Card } from '@evc/contract';
import { cardBrandName, isWallet } from '@evc/domain';
import './card-label.css';

/** The card network's name, or "Card" in the driver's language when the provider could not tell. */
export function useCardBrand(): (card: Pick<Card, 'brand'>) => string {
  const { t } = useTranslation();
  return (card) => cardBrandName(card.brand) ?? t('cardLabel.unknownBrand');
}

/**
 * A saved card as the driver recognises it: network, last four digits and expiry, a fuel card
 * said so, and (where the driver chooses among cards) which one is the default.
 */
export function CardLabel({ card, showDefault = false }: { card: Card; showDefault?: boolean }) {
  const { t } = useTranslation();
  const brand = useCardBrand();
  const notes = [
    t('cardLabel.expires', { month: String(card.exp_month).padStart(2, '0'), year: card.exp_year }),
    ...(card.source === 'FUELCARD' ? [t('cardLabel.fuelCard')] : []),
    // A card a wallet gave says which wallet.
    ...(isWallet(card.source) ? [t(`cardLabel.wallet.${card.source}`)] : []),
    ...(showDefault && card.default ? [t('cardLabel.default')] : []),
  ];
  return (
    <span className="card-label">
      <IonIcon icon={cardOutline} aria-hidden="true" />
      <span>
        <strong>{t('cardLabel.name', { brand: brand(card), last4: card.last4 })}</strong>
        <small>{notes.join(' · ')}</small>
      </span>
    </span>
  );
}
