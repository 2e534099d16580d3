import { useState } from 'react';
import { IonButton, IonIcon, IonSpinner, useIonAlert } from '@ionic/react';
import { addOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import type { JoinedGroup } from '@evc/contract';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { useAlert } from '../../lib/alerts.ts';
import { FormError, PageView } from '../../ui/page-view/page-view.tsx';
import { useJoinedGroups } from './api/list-joined-groups.ts';
import { useLeaveGroup } from './api/leave-joined-group.ts';
import { JoinedGroupCard } from './joined-group-card.tsx';
import './affiliates.css';

/** spec 000 §2 affiliates: the groups the driver has joined; leaving one is confirmed first. */
export function AffiliatesPage() {
  const { t } = useTranslation();
  const [presentAlert] = useIonAlert();
  const { showAlert } = useAlert();
  const errorMessage = useErrorMessage();
  const groups = useJoinedGroups();
  const leave = useLeaveGroup();
  const [error, setError] = useState<string | null>(null);

  const leaveGroup = async (group: JoinedGroup) => {
    setError(null);
    try {
      await leave.mutateAsync(group._id);
      await showAlert({
        header: t('affiliates.list.leftTitle'),
        message: t('affiliates.list.leftMessage', { name: group.name }),
      });
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  const confirmLeave = (group: JoinedGroup) => {
    void presentAlert({
      header: t('affiliates.list.leaveTitle', { name: group.name }),
      // Only a group with its own prices changes what the driver pays by leaving.
      message: t(
        group.ownTariff ? 'affiliates.list.leaveMessage' : 'affiliates.list.leaveMessagePlain',
      ),
      buttons: [
        { text: t('common.cancel'), role: 'cancel' },
        {
          text: t('affiliates.list.leave'),
          role: 'destructive',
          handler: () => {
            void leaveGroup(group);
          },
        },
      ],
    });
  };

  return (
    <PageView title={t('affiliates.list.title')} subtitle={t('affiliates.list.subtitle')}>
      {groups.isPending && (
        <div className="centered">
          <IonSpinner name="crescent" aria-label={t('common.loading')} />
        </div>
      )}
      {groups.isError && (
        <>
          <FormError message={errorMessage(groups.error)} />
          <IonButton fill="outline" onClick={() => void groups.refetch()}>
            {t('common.retry')}
          </IonButton>
        </>
      )}
      {groups.isSuccess &&
        (groups.data.length === 0 ? (
          <p className="form-note">{t('affiliates.list.empty')}</p>
        ) : (
          <ul className="joined-groups">
            {groups.data.map((group) => (
              <JoinedGroupCard
                key={group._id}
                group={group}
                busy={leave.isPending}
                onLeave={confirmLeave}
              />
            ))}
          </ul>
        ))}
      <FormError message={error} />
      <IonButton className="primary-action" expand="block" routerLink="/add-affiliates">
        <IonIcon slot="start" icon={addOutline} aria-hidden="true" />
        {t('affiliates.list.join')}
      </IonButton>
    </PageView>
  );
}
