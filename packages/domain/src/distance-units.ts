import { KM_PER_MILE } from './dashboard.ts';

/** Issue 19: distances in the unit of the brand's country. */
export type DistanceUnit = 'km' | 'mi';

/** Countries whose roads are signed in miles: the UK (and the US, Liberia, Myanmar). */
export const MILES_COUNTRIES: readonly string[] = ['GB', 'US', 'LR', 'MM'];

/** The unit of distance for a country (ISO 3166 alpha-2): miles in the UK, else km. */
export function distanceUnitOf(country: string): DistanceUnit {
  return MILES_COUNTRIES.includes(country.trim().toUpperCase()) ? 'mi' : 'km';
}

/** A distance in km, in `unit`. */
export function distanceIn(km: number, unit: DistanceUnit): number {
  return unit === 'mi' ? km / KM_PER_MILE : km;
}

/** A quantity per km (cost, grams of CO2), per `unit`. */
export function perDistanceIn(perKm: number, unit: DistanceUnit): number {
  return unit === 'mi' ? perKm * KM_PER_MILE : perKm;
}

/** A car's miles per kWh, in `unit` per kWh. */
export function perKwhIn(milesPerKwh: number, unit: DistanceUnit): number {
  return unit === 'mi' ? milesPerKwh : milesPerKwh * KM_PER_MILE;
}

export const METRES_PER_MILE = KM_PER_MILE * 1000;
export const METRES_PER_YARD = 0.9144;

/** The unit a distance reads in: its unit of the road, or yards and metres for a walk away. */
export type DistanceReadingUnit = 'mile' | 'yard' | 'kilometer' | 'meter';

/** A distance as a driver reads it: the value already rounded as shown, in an Intl unit. */
export interface DistanceReading {
  value: number;
  unit: DistanceReadingUnit;
}

/** A tenth of a mile and a kilometre, in their small units: nearer than that is a walk away. */
const NEAR_YARDS = 176;
const NEAR_METRES = 1000;
/** Near distances read to the nearest 10 yards or metres. */
const NEAR_STEP = 10;
/** Below 10 miles or km, a distance keeps one decimal; further away, whole ones. */
const WHOLE_FROM = 10;

const roundTo = (value: number, step: number) => Math.round(value / step) * step;

function roadReading(value: number, unit: 'mile' | 'kilometer'): DistanceReading {
  const rounded = Math.round(value * 10) / 10;
  return { value: rounded < WHOLE_FROM ? rounded : Math.round(value), unit };
}

/**
 * Issue 19: how far away a charger reads in `unit` — '2.4 mi', '80 yd', '3.9 km', '250 m'. Near
 * distances are rounded before the unit is chosen, so 998 m reads 1 km, never '1,000 m'.
 */
export function distanceReading(metres: number, unit: DistanceUnit): DistanceReading {
  if (unit === 'mi') {
    const yards = roundTo(metres / METRES_PER_YARD, NEAR_STEP);
    if (yards < NEAR_YARDS) return { value: yards, unit: 'yard' };
    return roadReading(metres / METRES_PER_MILE, 'mile');
  }
  const near = roundTo(metres, NEAR_STEP);
  if (near < NEAR_METRES) return { value: near, unit: 'meter' };
  return roadReading(metres / 1000, 'kilometer');
}
