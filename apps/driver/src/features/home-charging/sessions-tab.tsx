import { IonButton, IonSpinner } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { useSession } from '../../lib/session/session-store.ts';
import { FormError } from '../../ui/page-view/page-view.tsx';
import { useChargeHistory } from '../../lib/api/calls/get-charge-history.ts';
import { SessionItem } from './session-item.tsx';

/** spec 001 §2 SESSIONS (Charge Sessions): every session at the charger with its home cost. */
export function SessionsTab({ chargerId }: { chargerId: string }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const { user } = useSession();
  const sessions = useChargeHistory(user?.HRCode ?? '', chargerId);
  const items = sessions.data?.pages.flat() ?? [];
  if (sessions.error) return <FormError message={errorMessage(sessions.error)} />;
  if (sessions.isPending) return <IonSpinner name="crescent" color="primary" />;
  if (items.length === 0) return <p className="form-note">{t('homeCharging.sessions.empty')}</p>;
  return (
    <>
      <ul className="home-sessions">
        {items.map((item) => (
          <SessionItem key={item._id} item={item} />
        ))}
      </ul>
      {sessions.hasNextPage && (
        <IonButton
          expand="block"
          fill="clear"
          disabled={sessions.isFetchingNextPage}
          onClick={() => void sessions.fetchNextPage()}
        >
          {t('homeCharging.sessions.more')}
        </IonButton>
      )}
    </>
  );
}
