import { IonIcon } from '@ionic/react';
import { callOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { useDefaultHelpline } from '../../lib/api/calls/default-helpline.ts';
import './guest-bar.css';

/** The brand's helpline as a number to ring; '...Loading' while it comes (spec 000 §8). */
export function Helpline() {
  const { t } = useTranslation();
  const helpline = useDefaultHelpline();
  if (helpline.isError) return null;
  return (
    <p className="guest-helpline">
      <IonIcon icon={callOutline} aria-hidden="true" />
      <span>{t('guestBar.helpline')}</span>
      {helpline.data ? (
        <a href={`tel:${helpline.data.replace(/[^\d+]/g, '')}`} data-testid="helpline">
          {helpline.data}
        </a>
      ) : (
        <span>{t('common.loading')}</span>
      )}
    </p>
  );
}
