import { IonButton, IonIcon } from '@ionic/react';
import { pricetagOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import type { JoinedGroup } from '@evc/contract';

export interface JoinedGroupCardProps {
  group: JoinedGroup;
  busy: boolean;
  onLeave: (group: JoinedGroup) => void;
}

/** spec 000 §3 Affiliate: one joined group, its codes, when it was joined, and leaving it. */
export function JoinedGroupCard({ group, busy, onLeave }: JoinedGroupCardProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  // English dates read the British way: the default country is GB (spec 000 §9).
  const joined = new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : language, {
    dateStyle: 'medium',
  }).format(new Date(group.joinedAt));
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
