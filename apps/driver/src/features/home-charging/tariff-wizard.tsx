import { useEffect, useRef, type ReactNode } from 'react';
import { IonButton } from '@ionic/react';
import { useController, useForm, useWatch, type Control, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { EnergySupplierView, HomeTariffData } from '@evc/contract';
import { OTHER_SUPPLIER, PLAN_NOT_LISTED, tariffWizardErrors } from '@evc/domain';
import { useSession } from '../../lib/session/session-store.ts';
import { FormField } from '../../ui/form-field/form-field.tsx';
import { FieldMessage } from '../../ui/form-field/field-message.tsx';
import { SelectField } from '../../ui/form-field/select-field.tsx';
import { IonSelectOption } from '../../ui/ionic/ion-select.ts';
import { homeTariffOf, withPlan, type TariffWizardForm } from './tariff-form.ts';

type WizardInput = keyof TariffWizardForm;

/**
 * spec 001 §5's tariff wizard rules (packages/domain), plus the supplier picker left unchosen;
 * each refusal worded beside its input.
 */
function wizardResolver(
  withPickers: boolean,
  word: (field: WizardInput) => string,
): Resolver<TariffWizardForm> {
  return (values) => {
    const fields: WizardInput[] = tariffWizardErrors(values);
    if (withPickers && values.supplier === '') fields.unshift('supplier');
    // A listed supplier's plan is chosen from the picker: the refusal belongs there.
    const planPicked = withPickers && values.supplier !== OTHER_SUPPLIER;
    const placed = fields.map((field) => (field === 'planName' && planPicked ? 'plan' : field));
    if (placed.length === 0) return { values, errors: {} };
    return {
      values: {},
      errors: Object.fromEntries(
        placed.map((field) => [field, { type: 'wizard', message: word(field) }]),
      ),
    };
  };
}

/** spec 001 §5: Yes/No radios whose options are true and false. */
function YesNo({ control, label }: { control: Control<TariffWizardForm>; label: string }) {
  const { t } = useTranslation();
  const { field } = useController({ control, name: 'nightRates' });
  return (
    <fieldset className="yes-no">
      <legend className="section-label">{label}</legend>
      <div className="yes-no__choices">
        {[true, false].map((value) => (
          <label
            key={String(value)}
            className={field.value === value ? 'choice choice--checked' : 'choice'}
          >
            <input
              type="radio"
              name={field.name}
              value={String(value)}
              checked={field.value === value}
              onChange={() => field.onChange(value)}
            />
            {value ? t('homeCharging.tariff.yes') : t('homeCharging.tariff.no')}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The day's half hours, 00:00 to 23:30, as a 24-hour clock reads them. */
const HALF_HOURS = Array.from({ length: 48 }, (_, index) => {
  const minutes = index * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${minutes % 60 === 0 ? '00' : '30'}`;
});

/** A time of the night window on the 24-hour clock, in half-hour steps (a saved odd time kept). */
function TimeField({
  control,
  name,
  label,
}: {
  control: Control<TariffWizardForm>;
  name: 'nightStart' | 'nightEnd';
  label: string;
}) {
  const value = useWatch({ control, name });
  const times = value && !HALF_HOURS.includes(value) ? [...HALF_HOURS, value].sort() : HALF_HOURS;
  return (
    <SelectField control={control} name={name} label={label}>
      {times.map((time) => (
        <IonSelectOption key={time} value={time}>
          {time}
        </IonSelectOption>
      ))}
    </SelectField>
  );
}

export interface TariffWizardProps {
  initial: TariffWizardForm;
  /** The pickers' lists; null where rates are typed by hand (NO_ENERGY_SUPPLIERS). */
  suppliers: readonly EnergySupplierView[] | null;
  saving: boolean;
  onSave: (tariff: HomeTariffData) => void;
  /** More actions beside Save (skip, remove). */
  actions?: ReactNode;
}

/**
 * spec 001 §2, §5: the tariff wizard — supplier and plan (from the suppliers' lists, "Other" and
 * "not listed" to type them), post code, day rate and an optional night rate with its window.
 * Rates are entered per kWh in currency units and saved in pence.
 */
export function TariffWizard({ initial, suppliers, saving, onSave, actions }: TariffWizardProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const symbol = user?.preferredCurrency.symbol ?? '£';
  const withPickers = suppliers !== null;
  const { control, handleSubmit, setValue, getValues } = useForm<TariffWizardForm>({
    defaultValues: initial,
    resolver: wizardResolver(withPickers, (field) => t(`homeCharging.tariff.errors.${field}`)),
    shouldFocusError: false,
  });
  const [supplier, plan, nightRates] = useWatch({
    control,
    name: ['supplier', 'plan', 'nightRates'],
  });
  const chosen = suppliers?.find((found) => found.name === supplier) ?? null;

  // Another supplier: its plans (or, for Other, the typed plan); a listed plan: its rates.
  const lastSupplier = useRef(supplier);
  const lastPlan = useRef(plan);
  useEffect(() => {
    if (lastSupplier.current === supplier) return;
    lastSupplier.current = supplier;
    const next = supplier === OTHER_SUPPLIER ? PLAN_NOT_LISTED : '';
    lastPlan.current = next;
    setValue('plan', next);
  }, [supplier, setValue]);
  useEffect(() => {
    if (lastPlan.current === plan) return;
    lastPlan.current = plan;
    const listed = chosen?.plans.find((found) => found.name === plan);
    if (!listed) return;
    const filled = withPlan(getValues(), listed);
    for (const key of ['dayRate', 'nightRates', 'nightRate', 'nightStart', 'nightEnd'] as const)
      setValue(key, filled[key], { shouldValidate: false });
  }, [plan, chosen, getValues, setValue]);

  const typedSupplier = !withPickers || supplier === OTHER_SUPPLIER;
  const typedPlan = !withPickers || plan === PLAN_NOT_LISTED;
  const { fieldState: planState } = useController({ control, name: 'plan' });

  return (
    <form
      className="tariff-wizard"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void handleSubmit((form) => {
          const tariff = homeTariffOf(form);
          if (tariff) onSave(tariff);
        })();
      }}
    >
      {withPickers && (
        <SelectField control={control} name="supplier" label={t('homeCharging.tariff.supplier')}>
          {suppliers.map((listed) => (
            <IonSelectOption key={listed._id} value={listed.name}>
              {listed.name}
            </IonSelectOption>
          ))}
          <IonSelectOption value={OTHER_SUPPLIER}>
            {t('homeCharging.tariff.otherSupplier')}
          </IonSelectOption>
        </SelectField>
      )}
      {typedSupplier && (
        <FormField
          control={control}
          name="supplierName"
          label={
            withPickers ? t('homeCharging.tariff.supplierName') : t('homeCharging.tariff.supplier')
          }
          autocomplete="organization"
        />
      )}
      {withPickers && chosen && (
        <SelectField control={control} name="plan" label={t('homeCharging.tariff.plan')}>
          {chosen.plans.map((listed) => (
            <IonSelectOption key={listed._id} value={listed.name}>
              {listed.name}
            </IonSelectOption>
          ))}
          <IonSelectOption value={PLAN_NOT_LISTED}>
            {t('homeCharging.tariff.planNotListed')}
          </IonSelectOption>
        </SelectField>
      )}
      {withPickers && !chosen && <FieldMessage text={planState.error?.message} />}
      {typedPlan && (
        <FormField
          control={control}
          name="planName"
          label={
            withPickers ? t('homeCharging.tariff.planNameOptional') : t('homeCharging.tariff.plan')
          }
        />
      )}
      <FormField
        control={control}
        name="postcode"
        label={t('homeCharging.tariff.postcode')}
        autocomplete="postal-code"
      />
      <FormField
        control={control}
        name="dayRate"
        label={t('homeCharging.tariff.dayRate', { symbol })}
        inputmode="decimal"
      />
      <YesNo control={control} label={t('homeCharging.tariff.nightRates')} />
      {nightRates && (
        <>
          <FormField
            control={control}
            name="nightRate"
            label={t('homeCharging.tariff.nightRate', { symbol })}
            inputmode="decimal"
          />
          <div className="tariff-wizard__window">
            <TimeField
              control={control}
              name="nightStart"
              label={t('homeCharging.tariff.nightStart')}
            />
            <TimeField
              control={control}
              name="nightEnd"
              label={t('homeCharging.tariff.nightEnd')}
            />
          </div>
        </>
      )}
      <p className="form-note">{t('homeCharging.tariff.ratesNote')}</p>
      <div className="home-charger-actions">
        <IonButton type="submit" className="primary-action" expand="block" disabled={saving}>
          {t('homeCharging.tariff.save')}
        </IonButton>
        {actions}
      </div>
    </form>
  );
}
