import { IonIcon, IonItem, IonLabel, IonList, IonNote } from '@ionic/react';
import { addCircleOutline, peopleOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { PageView } from '../../ui/page-view/page-view.tsx';
import { useJoinedGroups } from './api/list-joined-groups.ts';
import './affiliates.css';

/** spec 000 §2 manage-affiliates: the driver's groups and joining another. */
export function ManageAffiliatesPage() {
  const { t } = useTranslation();
  const groups = useJoinedGroups();
  return (
    <PageView title={t('affiliates.manage.title')} subtitle={t('affiliates.manage.subtitle')}>
      <IonList inset className="affiliates-links">
        <IonItem routerLink="/affiliates" detail>
          <IonIcon slot="start" icon={peopleOutline} aria-hidden="true" color="primary" />
          <IonLabel>{t('affiliates.manage.yourGroups')}</IonLabel>
          {groups.isSuccess && <IonNote slot="end">{groups.data.length}</IonNote>}
        </IonItem>
        <IonItem routerLink="/add-affiliates" detail>
          <IonIcon slot="start" icon={addCircleOutline} aria-hidden="true" color="primary" />
          <IonLabel>{t('affiliates.manage.join')}</IonLabel>
        </IonItem>
      </IonList>
    </PageView>
  );
}
