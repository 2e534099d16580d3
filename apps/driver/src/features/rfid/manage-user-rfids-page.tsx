import { useState } from 'react';
import {
  IonButton,
  IonIcon,
  IonItem,
  IonLabel,
  IonList,
  IonSpinner,
  useIonAlert,
} from '@ionic/react';
import { cardOutline, trashOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import type { RfidCard } from '@evc/contract';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { useDates } from '../../lib/dates.ts';
import { useSession } from '../../lib/session/session-store.ts';
import { FormError, PageView } from '../../ui/page-view/page-view.tsx';
import { useUserRfids } from './api/get-user-rfids.ts';
import { useUnlinkRfid } from './api/unlink-rfid.ts';
import './rfid.css';

/** spec 000 §2 manage-user-rfids: the cards linked to the driver, each of which can be removed. */
export function ManageUserRfidsPage() {
  const { t } = useTranslation();
  const dates = useDates();
  const { user } = useSession();
  const cards = useUserRfids(user?._id);
  const unlink = useUnlinkRfid();
  const errorMessage = useErrorMessage();
  const [present] = useIonAlert();
  const [error, setError] = useState<string | null>(null);

  const confirmRemove = (card: RfidCard) => {
    void present({
      header: t('rfid.cards.removeTitle'),
      message: t('rfid.cards.removeMessage', { name: card.name || card.cardnumber }),
      buttons: [
        { text: t('common.cancel'), role: 'cancel' },
        {
          text: t('rfid.cards.remove'),
          role: 'destructive',
          handler: () => {
            setError(null);
            unlink
              .mutateAsync({ rfidid: card._id, userid: card.userid })
              .catch((failure: unknown) => setError(errorMessage(failure)));
          },
        },
      ],
    });
  };

  return (
    <PageView title={t('rfid.cards.title')} subtitle={t('rfid.cards.subtitle')}>
      {cards.isPending && <IonSpinner name="crescent" aria-label={t('rfid.cards.loading')} />}
      <FormError message={cards.error ? errorMessage(cards.error) : error} />
      {cards.data?.length === 0 && <p className="rfid-empty">{t('rfid.cards.empty')}</p>}
      {cards.data && cards.data.length > 0 && (
        <IonList inset className="rfid-list" data-testid="rfid-cards">
          {cards.data.map((card) => (
            <IonItem key={card._id}>
              <IonIcon slot="start" icon={cardOutline} aria-hidden="true" />
              <IonLabel>
                <h2>{card.name || t('rfid.cards.unnamed')}</h2>
                <p className="rfid-number">{card.cardnumber}</p>
                <p>
                  {t(card.is_from_scan ? 'rfid.cards.fromScan' : 'rfid.cards.fromCode', {
                    date: dates.format(card.createdAt, 'date'),
                  })}
                </p>
              </IonLabel>
              <IonButton
                slot="end"
                fill="clear"
                color="danger"
                aria-label={t('rfid.cards.removeNamed', { name: card.name || card.cardnumber })}
                onClick={() => confirmRemove(card)}
              >
                <IonIcon slot="icon-only" icon={trashOutline} />
              </IonButton>
            </IonItem>
          ))}
        </IonList>
      )}
      <div className="rfid-actions">
        <IonButton routerLink="/scan-new-card" expand="block">
          {t('rfid.manage.scan')}
        </IonButton>
        <IonButton routerLink="/add-rfid-by-code" expand="block" fill="outline">
          {t('rfid.manage.byCode')}
        </IonButton>
      </div>
    </PageView>
  );
}
