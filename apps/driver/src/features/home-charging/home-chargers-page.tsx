import { IonButton, IonIcon, IonSpinner } from '@ionic/react';
import { addOutline, chevronForwardOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { connectorStatusClass, groupHomeChargers } from '@evc/domain';
import type { HomeChargerView } from '@evc/contract';
import { useDates } from '../../lib/dates.ts';
import { FormError, PageView } from '../../ui/page-view/page-view.tsx';
import { useHomeChargers } from './api/home-chargers.ts';
import { chargeConnectors, groupable, homeChargingPaths } from './charger-status.ts';
import { KnowledgeBaseLink } from './knowledge-base-link.tsx';
import './home-charging.css';

function ChargerRow({ charger }: { charger: HomeChargerView }) {
  const { t } = useTranslation();
  const dates = useDates();
  const status = chargeConnectors(charger)[0]?.currentStatus.status;
  return (
    <li>
      <Link
        className={`home-charger home-charger--${connectorStatusClass(status, charger.online)}`}
        to={homeChargingPaths.charger(charger._id)}
        data-id={charger._id}
      >
        <span className="home-charger__body">
          <strong className="home-charger__name">{charger.name}</strong>
          <span className="home-charger__meta">
            {t('homeCharging.list.barcode', { barcode: charger.idTag.barcode })}
            {charger.lastheartbeatat &&
              ` · ${t('homeCharging.list.lastSeen', {
                date: dates.format(charger.lastheartbeatat, 'dateTime'),
              })}`}
          </span>
          <span className="home-charger__meta">
            {charger.home_tariff_save
              ? t('homeCharging.list.tariffSet')
              : t('homeCharging.list.noTariff')}
          </span>
        </span>
        <IonIcon icon={chevronForwardOutline} aria-hidden="true" />
      </Link>
    </li>
  );
}

/** spec 001 §2: the home charger list grouped by Offline, Charging, Available, Faulted, Suspended. */
export function HomeChargersPage() {
  const { t } = useTranslation();
  const chargers = useHomeChargers();
  const groups = groupHomeChargers(chargers.data ?? [], groupable);
  return (
    <PageView title={t('homeCharging.title')}>
      {chargers.error ? (
        <FormError message={t('homeCharging.settingsError')} />
      ) : chargers.isPending ? (
        <IonSpinner name="crescent" color="primary" />
      ) : groups.length === 0 ? (
        <section className="home-empty" aria-labelledby="home-empty-title">
          <h2 id="home-empty-title">{t('homeCharging.empty.title')}</h2>
          <p>{t('homeCharging.empty.adoption')}</p>
          <p>{t('homeCharging.empty.after')}</p>
        </section>
      ) : (
        groups.map(({ group, chargers: members }) => (
          <section
            key={group}
            className={`home-group home-group--${group.toLowerCase()}`}
            aria-label={t(`homeCharging.groups.${group}`)}
          >
            <h2 className="home-group__title">
              {t(`homeCharging.groups.${group}`)} <span>({members.length})</span>
            </h2>
            <ul className="home-group__list">
              {members.map((charger) => (
                <ChargerRow key={charger._id} charger={charger} />
              ))}
            </ul>
          </section>
        ))
      )}
      <IonButton className="primary-action" expand="block" routerLink={homeChargingPaths.add}>
        <IonIcon slot="start" icon={addOutline} aria-hidden="true" />
        {t('homeCharging.add')}
      </IonButton>
      <KnowledgeBaseLink />
    </PageView>
  );
}
