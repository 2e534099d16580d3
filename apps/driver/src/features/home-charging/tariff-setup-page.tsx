import { IonButton, IonIcon, IonSpinner } from '@ionic/react';
import { checkmarkCircleOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { FormError, PageView } from '../../ui/page-view/page-view.tsx';
import { useHomeCharger, useUpdateHomeCharger } from './api/home-chargers.ts';
import { homeChargingPaths } from './charger-status.ts';
import { TariffWizard } from './tariff-wizard.tsx';
import { tariffFormFrom } from './tariff-form.ts';
import { useWizardSuppliers } from './use-wizard-suppliers.ts';
import './home-charging.css';

/**
 * spec 001 §2, §4: adoption success, then the tariff wizard (supplier, plan, rates, save) — or
 * skip it and add the tariff later in the charger's settings.
 */
export function TariffSetupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useParams().id ?? '';
  const { charger, error, missing } = useHomeCharger(id);
  const { loading, suppliers } = useWizardSuppliers();
  const update = useUpdateHomeCharger(id);
  const done = () => navigate(homeChargingPaths.charger(id), { replace: true });
  return (
    <PageView title={t('homeCharging.tariff.setupTitle')}>
      {error || missing ? (
        <FormError message={t('homeCharging.settingsError')} />
      ) : !charger || loading ? (
        <IonSpinner name="crescent" color="primary" />
      ) : (
        <>
          <section className="adopted" role="status">
            <IonIcon icon={checkmarkCircleOutline} aria-hidden="true" />
            <div>
              <h2>{t('homeCharging.tariff.adopted', { name: charger.name })}</h2>
              <p>{t('homeCharging.tariff.adoptedText')}</p>
            </div>
          </section>
          <TariffWizard
            initial={tariffFormFrom(charger.homeTariff, suppliers)}
            suppliers={suppliers}
            saving={update.isPending}
            onSave={(tariff) => update.mutate({ home_tariff: tariff }, { onSuccess: done })}
            actions={
              <IonButton expand="block" fill="clear" onClick={done}>
                {t('homeCharging.tariff.skip')}
              </IonButton>
            }
          />
          <FormError message={update.error ? t('homeCharging.settingsError') : null} />
        </>
      )}
    </PageView>
  );
}
