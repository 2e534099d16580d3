import { IonButton, IonIcon, IonItem, IonLabel, IonList } from '@ionic/react';
import { flashOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { clearRecentChargers, useRecentChargers } from '../../lib/recent-chargers.ts';

/** spec 000 §2: home's recent charge points — the last chargers opened on this device. */
export function RecentChargePoints() {
  const { t } = useTranslation();
  const recent = useRecentChargers();
  if (recent.length === 0) return null;
  return (
    <section className="home-recent" aria-labelledby="home-recent-title">
      <div className="home-recent__header">
        <p className="section-label" id="home-recent-title">
          {t('home.recent.title')}
        </p>
        <IonButton size="small" fill="clear" onClick={() => void clearRecentChargers()}>
          {t('home.recent.clear')}
        </IonButton>
      </div>
      <IonList inset className="home-links">
        {recent.map((charger) => (
          <IonItem key={charger.barcode} routerLink={`/charger-details/${charger.barcode}`} detail>
            <IonIcon slot="start" icon={flashOutline} aria-hidden="true" color="primary" />
            <IonLabel>
              {charger.name}
              <p>{t('home.recent.barcode', { barcode: charger.barcode })}</p>
            </IonLabel>
          </IonItem>
        ))}
      </IonList>
    </section>
  );
}
