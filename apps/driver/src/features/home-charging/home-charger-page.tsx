import { lazy, Suspense } from 'react';
import { IonButton, IonIcon, IonSpinner } from '@ionic/react';
import { settingsOutline, timeOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { FormError, PageView } from '../../ui/page-view/page-view.tsx';
import { useHomeCharger } from './api/home-chargers.ts';
import { homeChargingPaths } from './charger-status.ts';
import { ChargerTabs } from './charger-tabs.tsx';
import { KnowledgeBaseLink } from './knowledge-base-link.tsx';
import { OverviewTab } from './overview-tab.tsx';
import { SessionsTab } from './sessions-tab.tsx';
import './home-charging.css';

// The energy charts come only with their tab: a chunk of their own.
const EnergyTab = lazy(() => import('./energy-tab.tsx'));

/** spec 001 §2: the overview's tabs. */
const TABS = ['OVERVIEW', 'ENERGY', 'SESSIONS'] as const;
type Tab = (typeof TABS)[number];
const tabOf = (value: string | null): Tab => TABS.find((tab) => tab === value) ?? 'OVERVIEW';

/** spec 001 §2: a home charger's overview with OVERVIEW, ENERGY and SESSIONS tabs. */
export function HomeChargerPage() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const [search, setSearch] = useSearchParams();
  const tab = tabOf(search.get('tab'));
  const { charger, error, missing } = useHomeCharger(id);
  const show = (next: Record<string, string>) =>
    setSearch({ ...Object.fromEntries(search), ...next }, { replace: true });

  return (
    <PageView title={charger?.name ?? t('homeCharging.title')}>
      {error || missing ? (
        <FormError message={t('homeCharging.settingsError')} />
      ) : !charger ? (
        <IonSpinner name="crescent" color="primary" />
      ) : (
        <>
          <ChargerTabs
            tabs={TABS}
            value={tab}
            labels="homeCharging.tabs"
            onChange={(value) => show({ tab: tabOf(value) })}
          />
          <h2 className="home-tab-title">{t(`homeCharging.tabTitles.${tab}`)}</h2>
          {tab === 'OVERVIEW' && <OverviewTab charger={charger} />}
          {tab === 'ENERGY' && (
            <Suspense fallback={<IonSpinner name="dots" color="primary" />}>
              <EnergyTab
                chargerId={charger._id}
                period={search.get('period')}
                onPeriod={(period) => show({ period })}
              />
            </Suspense>
          )}
          {tab === 'SESSIONS' && <SessionsTab chargerId={charger._id} />}
          <IonButton
            expand="block"
            fill="outline"
            className="home-settings-link"
            routerLink={homeChargingPaths.schedules(charger._id)}
          >
            <IonIcon slot="start" icon={timeOutline} aria-hidden="true" />
            {t('homeCharging.schedules.title')}
          </IonButton>
          <IonButton
            expand="block"
            fill="outline"
            className="home-settings-link"
            routerLink={homeChargingPaths.settings(charger._id)}
          >
            <IonIcon slot="start" icon={settingsOutline} aria-hidden="true" />
            {t('homeCharging.settings.title')}
          </IonButton>
          <KnowledgeBaseLink />
        </>
      )}
    </PageView>
  );
}
