import { IonButton, IonIcon } from '@ionic/react';
import { pricetagOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import type { JoinedGroup } from '@evc/contract';
import { useDates } from '../../lib/dates.ts';

export interface JoinedGroupCardProps {
  group: JoinedGroup;
  busy: boolean;
  onLeave: (group: JoinedGroup) => void;
}

/** spec 000 §3 Affiliate: one joined group, its codes, when it was joined, and leaving it. */
export function JoinedGroupCard({ group, busy, onLeave }: JoinedGroupCardProps) {
  const { t } = useTranslation();
  const joined = useDates().format(group.joinedAt, 'date');
  return (
    <li className="joined-group" aria-label={group.name}>
      <div className="joined-group__head">
        <h2 className="joined-group__name">{group.name}</h2>
        {group.ownTariff && (
          <span className="joined-group__badge" title={t('affiliates.list.ownTariffHint')}>
            <IonIcon icon={pricetagOutline} aria-hidden="true" />
            {t('affiliates.list.ownTariff')}
          </span>
        )}
      </div>
      <dl className="joined-group__codes">
        <div>
          <dt>{t('affiliates.list.groupCode')}</dt>
          <dd>{group.groupCode}</dd>
        </div>
        {group.userCode && (
          <div>
            <dt>{t('affiliates.list.userCode')}</dt>
            <dd>{group.userCode}</dd>
          </div>
        )}
      </dl>
      <div className="joined-group__foot">
        <span className="joined-group__date">{t('affiliates.list.joined', { date: joined })}</span>
        <IonButton
          size="small"
          fill="outline"
          color="danger"
          disabled={busy}
          onClick={() => onLeave(group)}
        >
          {t('affiliates.list.leave')}
        </IonButton>
      </div>
    </li>
  );
}
