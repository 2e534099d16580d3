import { z } from 'zod';
import { minutesOfDay } from '@evc/domain';
import { barcode, chargerView } from './chargers.ts';
import { requestId, text, TEXT_LIMITS } from './shared.ts';

/** spec 001 §3: charger scheduleType; an unknown value reads NONE. */
export const SCHEDULE_TYPES = ['CUSTOM', 'DEFAULT', 'NONE'] as const;
export const scheduleType = z.enum(SCHEDULE_TYPES).catch('NONE');

const clockTime = text(5).refine((time) => minutesOfDay(time) !== null, 'a time as HH:mm');
/** Pence per kWh, as the wizard's decimal pattern allows (001 §5; negative allowed). */
const pencePerKwh = z.number().finite().min(-1000).max(1000);

/**
 * spec 001 §3: the home tariff. `dayRateCost` and `nightRate.cost` are pence per kWh (the app
 * shows them divided by 100); the night rate applies from `start` to `end`, local time.
 */
export const homeTariff = z.object({
  supplier: text(TEXT_LIMITS.name).trim().min(1, 'is required'),
  plan: text(TEXT_LIMITS.name).trim(),
  postcode: text(TEXT_LIMITS.postcode).trim().min(1, 'is required'),
  dayRateCost: pencePerKwh,
  nightRate: z.object({ cost: pencePerKwh, start: clockTime, end: clockTime }).nullable(),
});
export type HomeTariffData = z.infer<typeof homeTariff>;

/** spec 001 §3 charger settings: name, off-peak schedule flag, randomised delay flag. */
export const homeChargerSettings = z.object({
  offPeak: z.boolean(),
  randomisedDelay: z.boolean(),
});

/** A home charger as its owner reads it (spec 001 §3 charger fields). */
export const homeChargerView = chargerView.extend({
  scheduleType,
  /** Whether the owner saved a home tariff (001 §3). */
  home_tariff_save: z.boolean(),
  homeTariff: homeTariff.nullable(),
  settings: homeChargerSettings,
});
export type HomeChargerView = z.infer<typeof homeChargerView>;

export const homeChargerList = z.array(homeChargerView);

/**
 * POST /development/charger/claim (001 §7) {accesscode, userid, chargerid}: `chargerid` is the
 * charger's barcode; the serial number, when given, must be the charger's; `name`, and the
 * agreement to terms and privacy, are required (001 §5).
 */
export const claimChargerRequest = z.object({
  accesscode: text(TEXT_LIMITS.code).trim().min(1, 'is required'),
  userid: requestId,
  chargerid: barcode,
  serial: text(TEXT_LIMITS.code).trim().optional(),
  name: text(120).trim().min(1, 'is required'),
  terms: z.literal(true, 'You must accept the terms and conditions.'),
  privacy: z.literal(true, 'You must accept the privacy policy.'),
});

export const homeChargerParams = z.object({ id: requestId });

/**
 * PATCH /development/charger/update/{id} (001 §7) {fields}: the owner's name, settings and home
 * tariff (null removes it); a field left out stays as it is.
 */
export const updateHomeChargerRequest = z
  .object({
    name: text(120).trim().min(1, 'is required'),
    off_peak: z.boolean(),
    randomised_delay: z.boolean(),
    home_tariff: homeTariff.nullable(),
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, 'nothing to change');

const nightRate = z.object({ cost: pencePerKwh, start: clockTime, end: clockTime });

/** An energy supplier's EV plan as the tariff wizard offers it; rates in pence per kWh. */
export const energyPlanInput = z.object({
  name: text(TEXT_LIMITS.name).trim().min(1, 'is required'),
  dayRateCost: pencePerKwh,
  nightRate: nightRate.nullable(),
});
export const energyPlan = energyPlanInput.extend({ _id: z.string() });

export const energySupplierInput = z.object({
  name: text(TEXT_LIMITS.name).trim().min(1, 'is required'),
  plans: z.array(energyPlanInput).max(50),
});
export const energySupplier = z.object({
  _id: z.string(),
  name: z.string(),
  plans: z.array(energyPlan),
});
export type EnergySupplierView = z.infer<typeof energySupplier>;

/**
 * GET /development/energy/suppliers: the suppliers and EV plans the tariff wizard's pickers list
 * (001 §5: "not listed" and "Other" let the owner type their own). Seed data the operator keeps.
 */
export const energySupplierList = z.array(energySupplier);

/** PUT /operator/energy/suppliers: the operator replaces the whole list. */
export const replaceEnergySuppliersRequest = z.object({
  suppliers: z.array(energySupplierInput).max(200),
});
