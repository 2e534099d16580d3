import type { EnergySupplierView, HomeTariffData } from '@evc/contract';
import {
  OTHER_SUPPLIER,
  PLAN_NOT_LISTED,
  penceToUnits,
  tariffWizardErrors,
  unitsToPence,
  type TariffWizardField,
  type TariffWizardForm,
} from '@evc/domain';

/**
 * The wizard takes rates in currency units per kWh (£0.245), as the app shows them (spec 001 §3:
 * received in pence and divided by 100); the contract keeps pence.
 */
const typedPence = (text: string): number => unitsToPence(Number(text.trim()));
const unitsText = (pence: number): string => String(penceToUnits(pence));

/** An empty wizard: pickers unset, or (no pickers: NO_ENERGY_SUPPLIERS) both names typed. */
export function emptyTariffForm(withPickers: boolean): TariffWizardForm {
  return {
    supplier: withPickers ? '' : OTHER_SUPPLIER,
    supplierName: '',
    plan: '',
    planName: '',
    postcode: '',
    dayRate: '',
    nightRates: false,
    nightRate: '',
    nightStart: '',
    nightEnd: '',
  };
}

/** The wizard filled from a saved home tariff; a supplier or plan not on the lists is typed. */
export function tariffFormFrom(
  tariff: HomeTariffData | null,
  suppliers: readonly EnergySupplierView[] | null,
): TariffWizardForm {
  const form = emptyTariffForm(suppliers !== null);
  if (!tariff) return form;
  const listed = suppliers?.find((supplier) => supplier.name === tariff.supplier);
  const plan = listed?.plans.find((found) => found.name === tariff.plan);
  return {
    ...form,
    supplier: suppliers === null ? OTHER_SUPPLIER : listed ? listed.name : OTHER_SUPPLIER,
    supplierName: listed ? '' : tariff.supplier,
    plan: suppliers === null ? '' : plan ? plan.name : PLAN_NOT_LISTED,
    planName: plan ? '' : tariff.plan,
    postcode: tariff.postcode,
    dayRate: unitsText(tariff.dayRateCost),
    nightRates: tariff.nightRate !== null,
    nightRate: tariff.nightRate ? unitsText(tariff.nightRate.cost) : '',
    nightStart: tariff.nightRate?.start ?? '',
    nightEnd: tariff.nightRate?.end ?? '',
  };
}

/** Choosing a listed plan fills in its rates and night window. */
export function withPlan(
  form: TariffWizardForm,
  plan: EnergySupplierView['plans'][number],
): TariffWizardForm {
  return {
    ...form,
    plan: plan.name,
    planName: '',
    dayRate: unitsText(plan.dayRateCost),
    nightRates: plan.nightRate !== null,
    nightRate: plan.nightRate ? unitsText(plan.nightRate.cost) : '',
    nightStart: plan.nightRate?.start ?? '',
    nightEnd: plan.nightRate?.end ?? '',
  };
}

/** The home tariff the wizard saves (rates in pence); null while the form breaks a rule of 001 §5. */
export function homeTariffOf(form: TariffWizardForm): HomeTariffData | null {
  if (tariffWizardErrors(form).length > 0) return null;
  const typedPlan = form.plan === '' || form.plan === PLAN_NOT_LISTED;
  return {
    supplier: (form.supplier === OTHER_SUPPLIER ? form.supplierName : form.supplier).trim(),
    plan: (typedPlan ? form.planName : form.plan).trim(),
    postcode: form.postcode.trim(),
    dayRateCost: typedPence(form.dayRate),
    nightRate: form.nightRates
      ? { cost: typedPence(form.nightRate), start: form.nightStart, end: form.nightEnd }
      : null,
  };
}

export type { TariffWizardField, TariffWizardForm };
