import type { ChargerInput } from '@evc/contract';
import { chargerInput } from '@evc/contract';
import { newId } from '../../platform/crypto.ts';
import type { UserRepository } from '../users/repository.ts';
import type { ChargerRepository } from './repository.ts';
import { adoptionCodeHash, newChargerRow, toConnectors } from './service.ts';

const weekdays = [1, 2, 3, 4, 5, 6, 7];
/** Half-hourly prices: cheaper overnight, dearer 16:00–19:00. */
const variableDay = (weekday: number) => ({
  weekday,
  periods: Array.from({ length: 48 }, (_, period) => ({
    standard_rate: period < 14 ? 0.25 : period >= 32 && period < 38 ? 0.62 : 0.45,
    available: true,
  })),
});

/**
 * Minutes a simulated driver leaves the cable in after a session at these demo chargers: at the
 * long-stay bay, past its 30-minute grace, so the overstay fee shows; the app's cable release
 * takes it out sooner. Elsewhere the cable comes out at once.
 */
export const DEMO_UNPLUG_AFTER_MINUTES: Readonly<Record<string, number>> = {
  'DEMO-YORK-STATION': 45,
};

/**
 * The demo home charger's adoption code, published in the README and printed at start-up: the
 * demo only (production seeds no demo charger, so no charger there has it).
 */
export const DEMO_HOME_ADOPTION_CODE = 'HOME-1006';
export const DEMO_HOME_BARCODE = '1006';

/**
 * The demo network's live chargers: provisioned on first start and, outside production, run by
 * simulators inside the server (README lists their barcodes).
 */
export const DEMO_CHARGERS: readonly ChargerInput[] = [
  {
    chargePointId: 'DEMO-LEEDS-DOCK',
    barcode: '1001',
    name: 'Leeds Dock',
    address: '1 The Boulevard',
    city: 'Leeds',
    post_code: 'LS10 1PZ',
    country: 'GB',
    lat: 53.7925,
    lon: -1.5327,
    connectors: [
      { connectornumber: 1, type: 'Type 2', maxPowerKw: 22 },
      { connectornumber: 2, type: 'Type 2', maxPowerKw: 22 },
    ],
    tariff: { standard_rate: 0.45, currency: 'GBP', connection_cost: 0 },
  },
  {
    chargePointId: 'DEMO-YORK-STATION',
    barcode: '1002',
    name: 'York Station Long Stay',
    address: 'Station Road',
    city: 'York',
    post_code: 'YO24 1AB',
    country: 'GB',
    lat: 53.958,
    lon: -1.0931,
    connectors: [
      { connectornumber: 1, type: 'CCS', maxPowerKw: 50 },
      { connectornumber: 2, type: 'CHAdeMO', maxPowerKw: 50 },
    ],
    tariff: {
      standard_rate: 0.69,
      alternate_rate: 0.49,
      alternate_time: '20:00',
      currency: 'GBP',
      connection_cost: 100,
      overstaycostperperiod: 500,
      overstayperiod: 60,
      overstaygraceperiod: 30,
    },
  },
  {
    chargePointId: 'DEMO-MANCHESTER-ANCOATS',
    barcode: '1003',
    name: 'Ancoats Car Park',
    address: 'Pollard Street',
    city: 'Manchester',
    post_code: 'M4 7DS',
    country: 'GB',
    lat: 53.4839,
    lon: -2.2227,
    connectors: [{ connectornumber: 1, type: 'Type 2', maxPowerKw: 7 }],
    tariff: {
      standard_rate: 0.35,
      currency: 'GBP',
      costperperiod: 100,
      period: 60,
      initialperiod: 60,
    },
  },
  {
    chargePointId: 'DEMO-CARDIFF-BAY',
    barcode: '1004',
    name: 'Cardiff Bay',
    address: 'Bute Place',
    city: 'Cardiff',
    post_code: 'CF10 5AL',
    country: 'GB',
    lat: 51.4645,
    lon: -3.1631,
    connectors: [{ connectornumber: 1, type: 'Type 2', maxPowerKw: 22 }],
    tariff: { standard_rate: 0, currency: 'GBP' },
  },
  {
    chargePointId: 'DEMO-EDINBURGH-LEITH',
    barcode: '1005',
    name: 'Leith Shore',
    address: 'Commercial Quay',
    city: 'Edinburgh',
    post_code: 'EH6 6LX',
    country: 'GB',
    lat: 55.9767,
    lon: -3.1716,
    connectors: [
      { connectornumber: 1, type: 'CCS', maxPowerKw: 150 },
      { connectornumber: 2, type: 'Type 2', maxPowerKw: 22 },
    ],
    tariff: {
      standard_rate: 0.45,
      currency: 'GBP',
      payableByFuelCard: true,
      variability: { twentyfourseven: true, regular_hours: weekdays.map(variableDay) },
    },
  },
  {
    // A driveway charger for the home-charging demo (spec 001): nobody owns it until a driver
    // adopts it with DEMO_HOME_ADOPTION_CODE. Its owner charges there free.
    chargePointId: 'DEMO-HOME-HARROGATE',
    barcode: DEMO_HOME_BARCODE,
    name: 'Home charger',
    address: '14 Elmwood Street',
    city: 'Harrogate',
    post_code: 'HG1 5BP',
    country: 'GB',
    lat: 53.9975,
    lon: -1.5357,
    connectors: [{ connectornumber: 1, type: 'Type 2', maxPowerKw: 7.4 }],
    tariff: { standard_rate: 0, currency: 'GBP' },
    home: true,
  },
];

/**
 * Provisions each demo charger that is not there yet (keeps any change made since), so a data
 * directory from an earlier start gets the ones added since (the home charger 1006). The
 * simulators inside the server run them without a password, so each is provisioned to connect
 * without one, those provisioned before the flag existed too (unless given a password since).
 */
export async function seedDemoChargers(
  chargers: ChargerRepository,
  users: UserRepository,
): Promise<void> {
  const operator = await users.findByEmail('operator@example.com');
  for (const raw of DEMO_CHARGERS) {
    const input = chargerInput.parse({ ...raw, allowNoPassword: true });
    const present = await chargers.findByChargePointId(input.chargePointId);
    if (present) {
      if (!present.passwordHash && !present.allowNoPassword)
        await chargers.setCharger(present.id, { allowNoPassword: true });
      continue;
    }
    if (await chargers.isBarcodeTaken(input.barcode)) continue;
    await chargers.insert(
      {
        ...newChargerRow(input, {
          id: newId(),
          passwordHash: null,
          operatorId: operator?.id ?? null,
        }),
        // Seeded once, not adopted: a charger already there keeps its owner or its used code.
        ...(input.home ? { adoptionCodeHash: adoptionCodeHash(DEMO_HOME_ADOPTION_CODE) } : {}),
      },
      toConnectors(input.connectors),
    );
  }
}
