import type { ChargerInput } from '@evc/contract';

/**
 * A public charger in York with one Type 2 connector at 45p/kWh; `extra` replaces any field.
 * Without a password it is provisioned to connect without one, as test chargers do.
 */
export function testCharger(
  chargePointId: string,
  barcode: string,
  extra: Partial<ChargerInput> = {},
): ChargerInput {
  return {
    chargePointId,
    barcode,
    name: `Charger ${barcode}`,
    address: '2 Station Road',
    city: 'York',
    post_code: 'YO1 6HT',
    country: 'GB',
    lat: 53.958,
    lon: -1.093,
    connectors: [{ connectornumber: 1, type: 'Type 2', maxPowerKw: 22 }],
    tariff: { standard_rate: 0.45, currency: 'GBP' },
    allowNoPassword: extra.password === undefined,
    ...extra,
  };
}
