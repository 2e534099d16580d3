import { IonBadge, IonIcon, IonItem, IonLabel, IonList } from '@ionic/react';
import { cardOutline, keypadOutline, scanOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session/session-store.ts';
import { PageView } from '../../ui/page-view/page-view.tsx';
import { useUserRfids } from './api/get-user-rfids.ts';
import './rfid.css';

/** spec 000 §2 manage-rfid-cards: the driver's cards, and the two ways to add one. */
export function ManageRfidCardsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const cards = useUserRfids(user?._id);

  return (
    <PageView title={t('rfid.manage.title')} subtitle={t('rfid.manage.subtitle')}>
      <IonList inset className="rfid-list">
        <IonItem routerLink="/manage-user-rfids" detail>
          <IonIcon slot="start" icon={cardOutline} aria-hidden="true" />
          <IonLabel>{t('rfid.manage.myCards')}</IonLabel>
          {cards.data && (
            <IonBadge
              slot="end"
              color="medium"
              aria-label={t('rfid.manage.count', { count: cards.data.length })}
            >
              {cards.data.length}
            </IonBadge>
          )}
        </IonItem>
        <IonItem routerLink="/scan-new-card" detail>
          <IonIcon slot="start" icon={scanOutline} aria-hidden="true" />
          <IonLabel>
            <h2>{t('rfid.manage.scan')}</h2>
            <p className="rfid-wrap">{t('rfid.manage.scanHelp')}</p>
          </IonLabel>
        </IonItem>
        <IonItem routerLink="/add-rfid-by-code" detail>
          <IonIcon slot="start" icon={keypadOutline} aria-hidden="true" />
          <IonLabel>
            <h2>{t('rfid.manage.byCode')}</h2>
            <p className="rfid-wrap">{t('rfid.manage.byCodeHelp')}</p>
          </IonLabel>
        </IonItem>
      </IonList>
    </PageView>
  );
}
