import { IonIcon, IonItem, IonLabel, IonList, IonNote } from '@ionic/react';
import { flashOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@evc/domain';
import { sessionPath } from '../../lib/charging-session/charging-flow.ts';
import { useFlowPath } from '../../lib/guest-paths.ts';
import { useLatestChargingSession } from '../../lib/charging-session/use-latest-charging-session.ts';
import { useFormatLocale } from '../../lib/dates.ts';

/** spec 000 §2: home (and the guest home) shows the driver's ongoing charge, leading back to it. */
export function OngoingCharge() {
  const { t } = useTranslation();
  const { flowPath } = useFlowPath();
  const locale = useFormatLocale();
  const latest = useLatestChargingSession();
  const session = latest.data;
  if (!session || session.data.finished || session.state === 'rejected') return null;
  const { currency, total } = session.data.cost.applied_cost;
  const kwh = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(session.kWh);
  const cost = formatMoney(
    total,
    { code: currency.code, decimal_digits: currency.decimal_digits },
    locale,
  );
  const page = session.state === 'pending' ? 'start-charging' : 'charging-in-progress';
  return (
    <section className="home-ongoing" aria-labelledby="home-ongoing-title">
      <p className="section-label" id="home-ongoing-title">
        {t('charging.ongoing.title')}
      </p>
      <IonList inset className="home-links">
        <IonItem routerLink={flowPath(sessionPath(page, session._id))} detail>
          <IonIcon slot="start" icon={flashOutline} aria-hidden="true" color="primary" />
          <IonLabel>
            {t('charging.ongoing.summary', { name: session.chargerName, kwh, cost })}
            <p>{t(`transactionSummary.states.${session.state}`)}</p>
          </IonLabel>
          <IonNote slot="end">{t('charging.ongoing.open')}</IonNote>
        </IonItem>
      </IonList>
    </section>
  );
}
