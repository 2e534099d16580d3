import { IonButton, IonSpinner } from '@ionic/react';
import {
  useController,
  useForm,
  type Control,
  type Resolver,
  type ResolverResult,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import type { HomeChargerView } from '@evc/contract';
import { OFF_PEAK_BLOCKS, RANDOMISED_DELAY_MAX_SECONDS, secondsToClockTime } from '@evc/domain';
import { FormField } from '../../ui/form-field/form-field.tsx';
import { IonToggle } from '../../ui/ionic/ion-toggle.ts';
import { FormError, PageView } from '../../ui/page-view/page-view.tsx';
import { useHomeCharger, useUpdateHomeCharger } from './api/home-chargers.ts';
import { homeChargingPaths } from './charger-status.ts';
import { ChargerTabs } from './charger-tabs.tsx';
import { tariffFormFrom } from './tariff-form.ts';
import { TariffWizard } from './tariff-wizard.tsx';
import { useWizardSuppliers } from './use-wizard-suppliers.ts';
import './home-charging.css';

/** The off-peak blocks (001 §9) as the note words them: 09:00–11:00 and 16:00–19:00. */
const [first, second] = OFF_PEAK_BLOCKS.map(
  ([from, to]) => `${secondsToClockTime(from * 60)}–${secondsToClockTime(to * 60)}`,
);
const offPeakTimes = { first, second };

const TABS = ['main', 'tariff'] as const;
type Tab = (typeof TABS)[number];
const tabOf = (value: string | null): Tab => TABS.find((tab) => tab === value) ?? 'main';

interface MainForm {
  name: string;
  offPeak: boolean;
  randomisedDelay: boolean;
}

/** The name is required (001 §5); the flags are either way. */
const mainResolver =
  (nameRequired: string): Resolver<MainForm> =>
  (values): ResolverResult<MainForm> => {
    if (values.name.trim() !== '') return { values, errors: {} };
    return { values: {}, errors: { name: { type: 'required', message: nameRequired } } };
  };

function Flag({
  control,
  name,
  label,
  note,
}: {
  control: Control<MainForm>;
  name: 'offPeak' | 'randomisedDelay';
  label: string;
  note: string;
}) {
  const { field } = useController({ control, name });
  return (
    <div className="home-flag">
      <IonToggle
        checked={field.value}
        onIonChange={(event) => field.onChange(event.detail.checked)}
        justify="space-between"
      >
        {label}
      </IonToggle>
      <p className="form-note">{note}</p>
    </div>
  );
}

/** spec 001 §2, §3: Main — the charger's name, the off-peak and randomised-delay flags. */
function MainTab({ charger }: { charger: HomeChargerView }) {
  const { t } = useTranslation();
  const update = useUpdateHomeCharger(charger._id);
  const { control, handleSubmit, reset } = useForm<MainForm>({
    defaultValues: {
      name: charger.name,
      offPeak: charger.settings.offPeak,
      randomisedDelay: charger.settings.randomisedDelay,
    },
    resolver: mainResolver(t('homeCharging.adopt.errors.name')),
  });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void handleSubmit((form) =>
          update.mutate(
            { name: form.name, off_peak: form.offPeak, randomised_delay: form.randomisedDelay },
            {
              onSuccess: (saved) =>
                reset({
                  name: saved.name,
                  offPeak: saved.settings.offPeak,
                  randomisedDelay: saved.settings.randomisedDelay,
                }),
            },
          ),
        )();
      }}
    >
      <FormField control={control} name="name" label={t('homeCharging.adopt.name')} />
      <Flag
        control={control}
        name="offPeak"
        label={t('homeCharging.settings.offPeak')}
        note={t('homeCharging.settings.offPeakNote', offPeakTimes)}
      />
      <Flag
        control={control}
        name="randomisedDelay"
        label={t('homeCharging.settings.randomisedDelay')}
        note={t('homeCharging.settings.randomisedDelayNote', {
          minutes: RANDOMISED_DELAY_MAX_SECONDS / 60,
        })}
      />
      <FormError message={update.error ? t('homeCharging.settingsError') : null} />
      {update.isSuccess && (
        <p className="form-note" role="status">
          {t('homeCharging.settings.saved')}
        </p>
      )}
      <IonButton
        type="submit"
        className="primary-action"
        expand="block"
        disabled={update.isPending}
      >
        {t('homeCharging.settings.save')}
      </IonButton>
    </form>
  );
}

/** spec 001 §2: Tariff — the wizard's form filled with the saved tariff; edit or remove it. */
function TariffTab({ charger }: { charger: HomeChargerView }) {
  const { t } = useTranslation();
  const update = useUpdateHomeCharger(charger._id);
  const { loading, suppliers } = useWizardSuppliers();
  if (loading) return <IonSpinner name="crescent" color="primary" />;
  const saved = update.isSuccess
    ? update.variables.home_tariff === null
      ? t('homeCharging.tariff.removed')
      : t('homeCharging.tariff.saved')
    : null;
  return (
    <>
      <TariffWizard
        // A removed tariff empties the form.
        key={charger.homeTariff ? 'set' : 'none'}
        initial={tariffFormFrom(charger.homeTariff, suppliers)}
        suppliers={suppliers}
        saving={update.isPending}
        onSave={(tariff) => update.mutate({ home_tariff: tariff })}
        actions={
          charger.homeTariff && (
            <IonButton
              expand="block"
              fill="clear"
              color="danger"
              disabled={update.isPending}
              onClick={() => update.mutate({ home_tariff: null })}
            >
              {t('homeCharging.tariff.remove')}
            </IonButton>
          )
        }
      />
      <FormError message={update.error ? t('homeCharging.settingsError') : null} />
      {saved && (
        <p className="form-note" role="status">
          {saved}
        </p>
      )}
    </>
  );
}

/** spec 001 §2: the charger's settings with Main and Tariff tabs. */
export function ChargerSettingsPage() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const [search, setSearch] = useSearchParams();
  const tab = tabOf(search.get('tab'));
  const { charger, error, missing } = useHomeCharger(id);
  return (
    <PageView title={t('homeCharging.settings.title')} subtitle={charger?.name}>
      {error || missing ? (
        <FormError message={t('homeCharging.settingsError')} />
      ) : !charger ? (
        <IonSpinner name="crescent" color="primary" />
      ) : (
        <>
          <ChargerTabs
            tabs={TABS}
            value={tab}
            labels="homeCharging.settings.tabs"
            onChange={(value) => setSearch({ tab: tabOf(value) }, { replace: true })}
          />
          {tab === 'main' ? <MainTab charger={charger} /> : <TariffTab charger={charger} />}
          <IonButton
            expand="block"
            fill="clear"
            routerLink={homeChargingPaths.charger(charger._id)}
          >
            {t('homeCharging.settings.back')}
          </IonButton>
        </>
      )}
    </PageView>
  );
}
