import type { chargerInput, TariffData } from '@evc/contract';
import type { z } from 'zod';
import { newId } from '../../platform/crypto.ts';
import type { ChargerRepository } from './repository.ts';
import { newChargerRow, toConnectors } from './service.ts';
import { UK_TOWNS, type UkTown } from './uk-towns.ts';

type ChargerData = z.output<typeof chargerInput>;
type ConnectorData = ChargerData['connectors'][number];

/** The tariff kinds of spec 000 §3 and 001 §3 the network covers. */
export const DEMO_TARIFF_KINDS = [
  'free',
  'flat',
  'alternate-rate',
  'per-period',
  'overstay',
  'variable',
  'variable-limited-hours',
  'fuel-card',
] as const;
export type DemoTariffKind = (typeof DEMO_TARIFF_KINDS)[number];

export interface ChargerNetworkOptions {
  count: number;
  /** The same seed makes the same network. */
  seed: number;
  /** The first barcode; each next charger takes the next number. */
  firstBarcode: number;
  /** Barcode width: 4 as the spec says; only the benchmark's database takes 6. */
  barcodeDigits: 4 | 6;
  chargePointPrefix: string;
}

/** spec 000 §3: 4-digit barcodes from 2000 on, clear of the live demo chargers (1001–1005). */
export const DEMO_NETWORK: ChargerNetworkOptions = {
  count: 3000,
  seed: 20261123,
  firstBarcode: 2000,
  barcodeDigits: 4,
  chargePointPrefix: 'DEMO-NET-',
};

/** mulberry32: a small, fast, seeded generator; the network is the same on every start. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const oneOf = <T>(random: Random, list: readonly T[]): T =>
  list[Math.floor(random() * list.length)] as T;
const between = (random: Random, low: number, high: number) => low + random() * (high - low);
/** A price per kWh in pence steps, as currency units (0.45). */
const ratePerKwh = (random: Random, lowPence: number, highPence: number) =>
  Math.round(between(random, lowPence, highPence)) / 100;

/** Where a charger stands, with the connectors such a place usually has. */
interface SiteKind {
  names: readonly string[];
  /** A street address ('12 Station Road') rather than the site's own name. */
  onStreet: boolean;
  connectors: (random: Random) => ConnectorData[];
  weight: number;
}

const ac = (count: number, kw: number): ConnectorData[] =>
  Array.from({ length: count }, (_, index) => ({
    connectornumber: index + 1,
    type: 'Type 2',
    maxPowerKw: kw,
  }));

const SITE_KINDS: readonly SiteKind[] = [
  {
    names: [
      'Tesco Extra car park',
      "Sainsbury's car park",
      'Asda Superstore',
      'Morrisons car park',
      'Lidl',
      'Aldi',
    ],
    onStreet: false,
    connectors: (random) =>
      random() < 0.5
        ? [
            { connectornumber: 1, type: 'CCS', maxPowerKw: 50 },
            { connectornumber: 2, type: 'CHAdeMO', maxPowerKw: 50 },
            { connectornumber: 3, type: 'Type 2', maxPowerKw: 22 },
          ]
        : ac(2, 7),
    weight: 3,
  },
  {
    names: [
      'Station Road',
      'High Street',
      'Church Street',
      'Victoria Road',
      'Park Road',
      'Market Place',
      'Green Lane',
      'Queen Street',
    ],
    onStreet: true,
    connectors: (random) => ac(random() < 0.7 ? 1 : 2, oneOf(random, [5, 7])),
    weight: 4,
  },
  {
    names: [
      'Leisure Centre',
      'Town Hall car park',
      'Library car park',
      'Hospital visitors car park',
      'Park and Ride',
      'Retail Park',
    ],
    onStreet: false,
    connectors: (random) => ac(oneOf(random, [2, 4, 6]), oneOf(random, [7, 22])),
    weight: 3,
  },
  {
    names: ['Rapid Hub', 'Motorway Services', 'Gridserve Forecourt', 'Business Park'],
    onStreet: false,
    connectors: (random) => [
      { connectornumber: 1, type: 'CCS', maxPowerKw: oneOf(random, [150, 350]) },
      { connectornumber: 2, type: 'CCS', maxPowerKw: oneOf(random, [150, 350]) },
      { connectornumber: 3, type: 'CHAdeMO', maxPowerKw: 50 },
      { connectornumber: 4, type: 'Type 2', maxPowerKw: 43 },
    ],
    weight: 1,
  },
  {
    names: ['Premier Inn', 'Holiday Inn', 'Hotel car park', 'Golf Club'],
    onStreet: false,
    // Older destination posts imported with J1772 tethered cables beside a Type 2 socket.
    connectors: (random) => [
      { connectornumber: 1, type: 'J1772', maxPowerKw: oneOf(random, [3.7, 7]) },
      { connectornumber: 2, type: 'Type 2', maxPowerKw: 7 },
    ],
    weight: 1,
  },
];
const SITE_WEIGHT = SITE_KINDS.reduce((sum, site) => sum + site.weight, 0);

function siteKind(random: Random): SiteKind {
  let pick = random() * SITE_WEIGHT;
  for (const site of SITE_KINDS) {
    pick -= site.weight;
    if (pick < 0) return site;
  }
  return SITE_KINDS[0] as SiteKind;
}

const baseTariff: TariffData = {
  standard_rate: 0,
  alternate_rate: null,
  alternate_time: null,
  connection_cost: 0,
  costperperiod: 0,
  period: 0,
  initialperiod: 0,
  currency: 'GBP',
  overstaycostperperiod: 0,
  overstayperiod: 0,
  overstaygraceperiod: 0,
  payableByFuelCard: false,
  variability: null,
};

/**
 * A week of half-hourly prices (spec 001 §9): cheap overnight, dear in the 16:00–19:00 peak,
 * dearer at weekends' midday; limited-hours chargers are unavailable 22:00–07:00 (spec 001 §4).
 */
function variableWeek(offPeak: number, day: number, peak: number, limitedHours: boolean) {
  return Array.from({ length: 7 }, (_, index) => ({
    weekday: index + 1,
    periods: Array.from({ length: 48 }, (__, period) => ({
      standard_rate: period < 14 ? offPeak : period >= 32 && period < 38 ? peak : day,
      available: !limitedHours || (period >= 14 && period < 44),
    })),
  }));
}

function tariff(kind: DemoTariffKind, random: Random): TariffData {
  const standard = ratePerKwh(random, 35, 79);
  switch (kind) {
    case 'free':
      return baseTariff;
    case 'flat':
      return {
        ...baseTariff,
        standard_rate: standard,
        connection_cost: oneOf(random, [0, 0, 50, 100]),
      };
    case 'alternate-rate':
      return {
        ...baseTariff,
        standard_rate: standard,
        alternate_rate: ratePerKwh(random, 15, 30),
        alternate_time: oneOf(random, ['20:00', '22:00', '00:00', '00:30']),
      };
    case 'per-period':
      return {
        ...baseTariff,
        standard_rate: standard,
        costperperiod: oneOf(random, [50, 100, 150]),
        period: oneOf(random, [30, 60]),
        initialperiod: oneOf(random, [0, 60, 120]),
      };
    case 'overstay':
      return {
        ...baseTariff,
        standard_rate: standard,
        overstaycostperperiod: oneOf(random, [500, 1000]),
        overstayperiod: oneOf(random, [30, 60]),
        overstaygraceperiod: oneOf(random, [15, 30, 60]),
      };
    case 'variable':
    case 'variable-limited-hours': {
      const limitedHours = kind === 'variable-limited-hours';
      return {
        ...baseTariff,
        standard_rate: standard,
        variability: {
          twentyfourseven: !limitedHours,
          regular_hours: variableWeek(
            ratePerKwh(random, 9, 25),
            ratePerKwh(random, 35, 55),
            ratePerKwh(random, 60, 85),
            limitedHours,
          ),
        },
      };
    }
    case 'fuel-card':
      return { ...baseTariff, standard_rate: standard, payableByFuelCard: true };
  }
}

const INWARD_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';
const postCode = (random: Random, town: UkTown) =>
  `${oneOf(random, town.districts)} ${Math.floor(random() * 10)}${oneOf(random, [...INWARD_LETTERS])}${oneOf(random, [...INWARD_LETTERS])}`;

/** A point within radiusKm of the town's centre, denser towards the middle. */
function spread(random: Random, town: UkTown): { lat: number; lon: number } {
  const distanceKm = town.radiusKm * random() * random() ** 0.5;
  const bearing = random() * 2 * Math.PI;
  const lat = town.lat + (distanceKm / 111.32) * Math.cos(bearing);
  const lon =
    town.lon + (distanceKm / (111.32 * Math.cos((town.lat * Math.PI) / 180))) * Math.sin(bearing);
  return { lat: Math.round(lat * 1e6) / 1e6, lon: Math.round(lon * 1e6) / 1e6 };
}

export interface GeneratedCharger {
  input: ChargerData;
  tariffKind: DemoTariffKind;
}

/**
 * A network of public chargers across UK towns, the same for the same options: the demo network
 * on first start and the benchmarks' 100,000 chargers. Every charger is valid `chargerInput`.
 */
export function generateChargerNetwork(options: ChargerNetworkOptions): GeneratedCharger[] {
  const random = seededRandom(options.seed);
  const lastBarcode = 10 ** options.barcodeDigits - 1;
  if (options.firstBarcode + options.count - 1 > lastBarcode) {
    throw new Error(`${options.count} chargers do not fit ${options.barcodeDigits}-digit barcodes`);
  }
  return Array.from({ length: options.count }, (_, index) => {
    const barcode = String(options.firstBarcode + index).padStart(options.barcodeDigits, '0');
    // Bigger towns get more chargers: the radius stands for the size.
    const town = oneOf(random, UK_TOWNS_BY_SIZE);
    const site = siteKind(random);
    const siteName = oneOf(random, site.names);
    const tariffKind = oneOf(random, DEMO_TARIFF_KINDS);
    const place = spread(random, town);
    return {
      tariffKind,
      input: {
        chargePointId: `${options.chargePointPrefix}${barcode}`,
        barcode,
        name: site.onStreet ? `${siteName}, ${town.name}` : `${town.name} ${siteName}`,
        address: site.onStreet ? `${1 + Math.floor(random() * 180)} ${siteName}` : siteName,
        city: town.name,
        post_code: postCode(random, town),
        country: 'GB',
        ...place,
        connectors: site.connectors(random),
        tariff: tariff(tariffKind, random),
        // Nobody runs these chargers: none may connect without a password.
        allowNoPassword: false,
        home: false,
      },
    };
  });
}

const UK_TOWNS_BY_SIZE: readonly UkTown[] = UK_TOWNS.flatMap((town) =>
  Array.from({ length: Math.max(1, Math.round(town.radiusKm / 2)) }, () => town),
);

/**
 * Inserts the network in batches, skipping chargers already there (by id or barcode). Chargers
 * nobody runs are honestly Offline. Answers how many were added.
 */
export async function insertChargerNetwork(
  chargers: ChargerRepository,
  network: readonly GeneratedCharger[],
  operatorId: string | null,
  batchSize = 500,
): Promise<number> {
  let added = 0;
  for (let start = 0; start < network.length; start += batchSize) {
    added += await chargers.insertMany(
      network.slice(start, start + batchSize).map(({ input }) => ({
        charger: newChargerRow(input, { id: newId(), passwordHash: null, operatorId }),
        connectors: toConnectors(input.connectors),
      })),
    );
  }
  return added;
}

/** The demo network on first start; later starts find its first charger and leave it be. */
export async function seedDemoNetwork(
  chargers: ChargerRepository,
  operatorId: string | null,
): Promise<number> {
  const network = generateChargerNetwork(DEMO_NETWORK);
  const first = network[0];
  if (!first || (await chargers.isChargePointIdTaken(first.input.chargePointId))) return 0;
  return insertChargerNetwork(chargers, network, operatorId);
}
