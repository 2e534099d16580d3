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
