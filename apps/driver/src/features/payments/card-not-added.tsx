import { useTranslation } from 'react-i18next';

/**
 * spec 000 §8: a card that could not be added says 'Card Not Added', then why: 'Error Adding
 * Card. Please try again' when our server refused it, 'Error: ' and the provider's message when
 * the card's token could not be made.
 */
export function CardNotAdded({ message }: { message: string | null | undefined }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <div className="form-error" role="alert">
      <strong>{t('payments.add.notAdded')}</strong>
      <p>{message}</p>
    </div>
  );
}
