import { distanceReading, type DistanceUnit } from '@evc/domain';

/** A distance in the brand's unit: '2.4 mi', '80 yd', '3.9 km' or '250 m', through Intl. */
export function distanceText(metres: number, unit: DistanceUnit, locale: string): string {
  const reading = distanceReading(metres, unit);
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: reading.unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(reading.value);
}
