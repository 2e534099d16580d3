import { useState } from 'react';
import { IonButton, IonLabel, IonSpinner } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch, type Resolver, type ResolverResult } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ReadyBySettings, ReadyByView } from '@evc/contract';
import { formatMoney, minutesOfDay, READY_BY_MAX_KWH, targetKwhFromBattery } from '@evc/domain';
import { useFormatLocale } from '../../lib/dates.ts';
import { FormField } from '../../ui/form-field/form-field.tsx';
import { IonSegment, IonSegmentButton } from '../../ui/ionic/ion-segment.ts';
import { IonToggle } from '../../ui/ionic/ion-toggle.ts';
import { FormError } from '../../ui/page-view/page-view.tsx';
import { ClockTimeField } from '../../ui/schedule-clock/clock-time-field.tsx';
import { ScheduleClock, SLOT_COLOURS } from '../../ui/schedule-clock/schedule-clock.tsx';
import { readyByQuery, usePutReadyBy } from './api/charger-schedules.ts';

type TargetMode = 'kwh' | 'battery';

interface ReadyByForm {
  mode: TargetMode;
  targetKwh: string;
  percent: string;
  batteryKwh: string;
  readyBy: string;
}

const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The target in kWh the form asks for, or null when it is not one. */
function targetOf(form: ReadyByForm): number | null {
  if (form.mode === 'battery')
    return targetKwhFromBattery(number(form.percent), number(form.batteryKwh));
  const kwh = number(form.targetKwh);
  return Number.isFinite(kwh) && kwh > 0 && kwh <= READY_BY_MAX_KWH ? kwh : null;
}

const resolver =
  (messages: { target: string; time: string }): Resolver<ReadyByForm> =>
  (values): ResolverResult<ReadyByForm> => {
    const errors: Record<string, { type: string; message: string }> = {};
    if (targetOf(values) === null) {
      const field = values.mode === 'battery' ? 'percent' : 'targetKwh';
      errors[field] = { type: 'validate', message: messages.target };
    }
    if (minutesOfDay(values.readyBy) === null) {
      errors.readyBy = { type: 'validate', message: messages.time };
    }
    return Object.keys(errors).length === 0
      ? { values, errors: {} }
      : { values: {}, errors: errors as ResolverResult<ReadyByForm>['errors'] };
  };

/** The plan: its half-hours on the clock in their own colour, and what the target costs there. */
function Plan({ view, chargerId }: { view: ReadyByView; chargerId: string }) {
  const { t } = useTranslation();
  const locale = useFormatLocale();
  const plan = view.plan;
  if (!view.enabled) return null;
  if (!plan) return <p className="form-note">{t('homeCharging.readyBy.noTariff')}</p>;
  return (
    <div className="ready-by-plan" data-testid="ready-by-plan">
      <ScheduleClock
        scheduleId={`ready-by-${chargerId}`}
        scheduleType="DEFAULT"
        editable={false}
        colour={SLOT_COLOURS.plan}
        slots={plan.slots.map((slot, index) => ({ _id: `plan-${index}`, ...slot }))}
      />
      <p className="ready-by-plan__cost">
        {t('homeCharging.readyBy.estimate', {
          cost: formatMoney(plan.expectedCostPence, { code: plan.currency }, locale),
          kwh: view.targetKwh,
          time: view.readyBy,
        })}
      </p>
      {!plan.enough && <p className="form-note">{t('homeCharging.readyBy.notEnough')}</p>}
    </div>
  );
}

/**
 * Ready by (issue 17): the owner's target, in kWh or as a share of the battery, and the time the
 * car must be ready; the server plans the cheapest half-hours of the home tariff before then.
 */
export function ReadyByCard({ chargerId }: { chargerId: string }) {
  const { t } = useTranslation();
  const query = useQuery(readyByQuery(chargerId));
  if (query.isPending) return <IonSpinner name="crescent" color="primary" />;
  if (query.isError) return <FormError message={t('homeCharging.readyBy.error')} />;
  return <ReadyByForm chargerId={chargerId} view={query.data} />;
}

function ReadyByForm({ chargerId, view }: { chargerId: string; view: ReadyByView }) {
  const { t } = useTranslation();
  const put = usePutReadyBy(chargerId);
  const [enabled, setEnabled] = useState(view.enabled);
  const [applied, setApplied] = useState<boolean | null>(null);
  const { control, handleSubmit, setValue } = useForm<ReadyByForm>({
    defaultValues: {
      mode: 'kwh',
      targetKwh: view.targetKwh > 0 ? String(view.targetKwh) : '',
      percent: '',
      batteryKwh: '',
      readyBy: view.readyBy,
    },
    resolver: resolver({
      target: t('homeCharging.readyBy.targetInvalid', { max: READY_BY_MAX_KWH }),
      time: t('homeCharging.readyBy.timeInvalid'),
    }),
  });
  const form = useWatch({ control });
  const mode = form.mode ?? 'kwh';
  const batteryTarget =
    mode === 'battery'
      ? targetKwhFromBattery(number(form.percent ?? ''), number(form.batteryKwh ?? ''))
      : null;

  const save = (settings: ReadyBySettings) => {
    setApplied(null);
    put.mutate(settings, { onSuccess: (saved) => setApplied(saved.applied) });
  };
  const submit = handleSubmit((values) =>
    save({ enabled, targetKwh: targetOf(values) ?? 0, readyBy: values.readyBy }),
  );

  return (
    <section className="schedule-card ready-by" aria-label={t('homeCharging.readyBy.title')}>
      <IonToggle
        checked={enabled}
        onIonChange={(event) => setEnabled(event.detail.checked)}
        justify="space-between"
      >
        {t('homeCharging.readyBy.title')}
      </IonToggle>
      <p className="form-note">{t('homeCharging.readyBy.note')}</p>
      {enabled && (
        <form className="ready-by__form" onSubmit={(event) => void submit(event)} noValidate>
          <IonSegment
            value={mode}
            onIonChange={(event) =>
              setValue('mode', event.detail.value === 'battery' ? 'battery' : 'kwh')
            }
          >
            <IonSegmentButton value="kwh">
              <IonLabel>{t('homeCharging.readyBy.modes.kwh')}</IonLabel>
            </IonSegmentButton>
            <IonSegmentButton value="battery">
              <IonLabel>{t('homeCharging.readyBy.modes.battery')}</IonLabel>
            </IonSegmentButton>
          </IonSegment>
          {mode === 'kwh' ? (
            <FormField
              control={control}
              name="targetKwh"
              label={t('homeCharging.readyBy.targetKwh')}
              type="number"
              inputmode="decimal"
            />
          ) : (
            <>
              <FormField
                control={control}
                name="percent"
                label={t('homeCharging.readyBy.percent')}
                type="number"
                inputmode="numeric"
              />
              <FormField
                control={control}
                name="batteryKwh"
                label={t('homeCharging.readyBy.batteryKwh')}
                type="number"
                inputmode="decimal"
              />
              {batteryTarget !== null && (
                <p className="form-note">
                  {t('homeCharging.readyBy.batteryTarget', { kwh: batteryTarget })}
                </p>
              )}
            </>
          )}
          <div className="ready-by__time">
            <ClockTimeField
              label={t('homeCharging.readyBy.time')}
              pickerLabel={t('homeCharging.readyBy.time')}
              value={form.readyBy ?? view.readyBy}
              invalid={false}
              readOnly={false}
              onPick={(time) => setValue('readyBy', time)}
              onPickerOpenChange={() => undefined}
            />
          </div>
        </form>
      )}
      <IonButton
        expand="block"
        fill="outline"
        disabled={put.isPending}
        onClick={() =>
          enabled
            ? void submit()
            : save({ enabled: false, targetKwh: view.targetKwh, readyBy: view.readyBy })
        }
      >
        {t('homeCharging.readyBy.save')}
      </IonButton>
      {put.isError && <FormError message={t('homeCharging.readyBy.error')} />}
      {applied === false && <p className="form-note">{t('homeCharging.schedules.savedOffline')}</p>}
      <Plan view={view} chargerId={chargerId} />
    </section>
  );
}
