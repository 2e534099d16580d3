import { isDecimalNumber } from './decimal-number.ts';

/**
 * spec 001 §3: a home energy tariff as its owner enters it. Rates are pence per kWh (the server
 * keeps dayRateCost and nightRate.cost in pence; the app shows them divided by 100). The night
 * rate, when there is one, applies from `start` to `end` local time (HH:mm), across midnight when
 * `end` is not after `start`.
 */
export interface HomeTariff {
  dayRatePence: number;
  night: { ratePence: number; start: string; end: string } | null;
  currency: string;
}

/** spec 001 §3: rates are received in pence and shown divided by 100. */
export const penceToUnits = (pence: number): number => pence / 100;

/** The way back, for a rate the owner types in currency units: to a ten-thousandth of a penny. */
export const unitsToPence = (units: number): number => Math.round(units * 1_000_000) / 10_000;

const CLOCK_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** A 24-hour HH:mm time as minutes after midnight; null when it is not one. */
export function minutesOfDay(time: string): number | null {
  const match = CLOCK_TIME.exec(time);
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** Whether a minute of the day falls in [start, end), a window that may run past midnight. */
export function isInWindow(minute: number, start: number, end: number): boolean {
  if (start === end) return false;
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/** The minute of the day an instant is at, in a time zone (the charger's home). */
function localMinuteOfDay(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return value('hour') * 60 + value('minute');
}

/** The rate, pence per kWh, of energy drawn in the half hour starting at `at`. */
export function homeRatePenceAt(tariff: HomeTariff, at: Date, timeZone: string): number {
  const { night } = tariff;
  if (!night) return tariff.dayRatePence;
  const start = minutesOfDay(night.start);
  const end = minutesOfDay(night.end);
  if (start === null || end === null) return tariff.dayRatePence;
  return isInWindow(localMinuteOfDay(at, timeZone), start, end)
    ? night.ratePence
    : tariff.dayRatePence;
}

/** Energy drawn in one half hour of a session (its 30-minute breakdown entry). */
export interface HomeEnergySlot {
  periodStart: Date;
  kWh: number;
}

/** spec 001 §3 transaction homeCharge: total in minor units, rate in currency units per kWh. */
export interface HomeChargeCost {
  total: number;
  /** The session's average rate per kWh, currency units (0 with no energy). */
  rate: number;
  currency: string;
}

/**
 * What a session at a home charger cost its owner: each half hour's energy at the day rate or,
 * when the half hour starts inside the night window (local time), the night rate; summed, then
 * rounded once to whole pence.
 */
export function homeChargeCost(
  tariff: HomeTariff,
  slots: readonly HomeEnergySlot[],
  timeZone: string,
): HomeChargeCost {
  let pence = 0;
  let kWh = 0;
  for (const slot of slots) {
    pence += slot.kWh * homeRatePenceAt(tariff, slot.periodStart, timeZone);
    kWh += slot.kWh;
  }
  const total = Math.round(pence);
  const rate = kWh > 0 ? Math.round((pence / kWh) * 100) / 10_000 : 0;
  return { total, rate, currency: tariff.currency };
}

/** spec 001 §5: what the tariff wizard asks. Yes/No radios are true and false. */
export interface TariffWizardForm {
  /** A listed supplier's name, or OTHER_SUPPLIER. */
  supplier: string;
  /** Typed when the supplier is Other. */
  supplierName: string;
  /** A listed plan's name, or PLAN_NOT_LISTED. */
  plan: string;
  /** Typed when the plan is listed under another name or chosen by hand. */
  planName: string;
  postcode: string;
  dayRate: string;
  nightRates: boolean;
  nightRate: string;
  nightStart: string;
  nightEnd: string;
}

export const OTHER_SUPPLIER = 'Other';
export const PLAN_NOT_LISTED = 'not listed';

export type TariffWizardField =
  'supplierName' | 'planName' | 'postcode' | 'dayRate' | 'nightRate' | 'nightStart' | 'nightEnd';

/**
 * spec 001 §5 tariff wizard: a valid day rate; a valid night rate, with its start and end time,
 * when night rates apply; a plan name unless the plan is not listed; a supplier name for Other;
 * a postcode. Rates are decimal numbers (001 §5 pattern; negative allowed). Answers the fields in
 * error, in the form's order.
 */
export function tariffWizardErrors(form: TariffWizardForm): TariffWizardField[] {
  const errors: TariffWizardField[] = [];
  const blank = (text: string) => text.trim() === '';
  if (form.supplier === OTHER_SUPPLIER && blank(form.supplierName)) errors.push('supplierName');
  if (form.plan !== PLAN_NOT_LISTED && blank(form.plan) && blank(form.planName))
    errors.push('planName');
  if (blank(form.postcode)) errors.push('postcode');
  if (!isDecimalNumber(form.dayRate.trim())) errors.push('dayRate');
  if (form.nightRates) {
    if (!isDecimalNumber(form.nightRate.trim())) errors.push('nightRate');
    if (minutesOfDay(form.nightStart) === null) errors.push('nightStart');
    if (minutesOfDay(form.nightEnd) === null) errors.push('nightEnd');
  }
  return errors;
}

/** spec 001 §5 adoption: the adoption code, agreement to terms and privacy, and a name. */
export interface AdoptionForm {
  accessCode: string;
  name: string;
  termsAccepted: boolean;
  privacyAccepted: boolean;
}

export type AdoptionField = 'accessCode' | 'name' | 'terms' | 'privacy';

/** Answers the adoption fields in error, in the form's order; none when it may be sent. */
export function adoptionErrors(form: AdoptionForm): AdoptionField[] {
  const errors: AdoptionField[] = [];
  if (form.accessCode.trim() === '') errors.push('accessCode');
  if (form.name.trim() === '') errors.push('name');
  if (!form.termsAccepted) errors.push('terms');
  if (!form.privacyAccepted) errors.push('privacy');
  return errors;
}
