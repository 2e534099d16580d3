import type { ChargeHistoryItem, EnergySupplierView, HomeChargerView } from '@evc/contract';
import { testCharger } from '../../test/fixtures.ts';

/** One of the owner's home chargers as list/home answers it. */
export function homeCharger(
  overrides: Partial<HomeChargerView> = {},
  status: HomeChargerView['connectors'][number]['currentStatus']['status'] = 'Available',
): HomeChargerView {
  const base = testCharger({ home: true, name: 'Garage', idTag: { barcode: '1006' } });
  return {
    ...base,
    _id: 'h1',
    connectors: base.connectors.map((connector) => ({
      ...connector,
      currentStatus: { ...connector.currentStatus, status },
    })),
    scheduleType: 'NONE',
    home_tariff_save: false,
    homeTariff: null,
    settings: { offPeak: false, randomisedDelay: true },
    ...overrides,
  };
}

/** Two suppliers with EV plans, rates in pence per kWh. */
export const suppliers: EnergySupplierView[] = [
  {
    _id: 's1',
    name: 'Octopus Energy',
    plans: [
      {
        _id: 'p1',
        name: 'Intelligent Octopus Go',
        dayRateCost: 24.5,
        nightRate: { cost: 7.5, start: '23:30', end: '05:30' },
      },
      { _id: 'p2', name: 'Flexible Octopus', dayRateCost: 24.86, nightRate: null },
    ],
  },
  {
    _id: 's2',
    name: 'EDF',
    plans: [
      {
        _id: 'p3',
        name: 'GoElectric Overnight',
        dayRateCost: 27.1,
        nightRate: { cost: 8.99, start: '00:00', end: '05:00' },
      },
    ],
  },
];

const gbp = { code: 'GBP', symbol: '£', decimal_digits: 2 };

/** A session at the home charger with its home cost. */
export function homeSession(overrides: Partial<ChargeHistoryItem> = {}): ChargeHistoryItem {
  const histogram = {
    startDate: '2026-11-20T01:00:00.000Z',
    endDate: '2026-11-20T02:00:00.000Z',
    periods: [],
  };
  return {
    _id: 'x1',
    chargerid: 'h1',
    barcode: '1006',
    name: 'Garage',
    city: 'Leeds',
    post_code: 'LS1 1AA',
    startdate: '2026-11-20T01:00:00.000Z',
    enddate: '2026-11-20T02:00:00.000Z',
    finished: true,
    kwh: 7.4,
    cost: 0,
    currency: gbp,
    duration: 3600,
    homeCharge: { total: 56, rate: 0.075, currency: gbp },
    histograms: { histogram10: histogram, histogram30: histogram },
    parts: { energy: 0, connection: 0, periods: 0, overstay: 0 },
    breakdown: [],
    ...overrides,
  };
}
