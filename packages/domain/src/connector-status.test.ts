import { describe, expect, it } from 'vitest';
import {
  canStartChargeAt,
  CONNECTOR_STATUSES,
  connectorStatusClass,
  connectorStatusWording,
  isConnectorAvailableNow,
  isSessionStatus,
  localTimeSlot,
  toConnectorStatus,
} from './connector-status.ts';
import { PERIODS_PER_DAY, type TariffVariability } from './tariff.ts';

describe('connectorStatusWording (spec 000 §4, 001 §4)', () => {
  it.each([
    // the driver owning the current transaction sees these as they are
    ['Charging', true, 'Charging'],
    ['Preparing', true, 'Preparing'],
    ['Finishing', true, 'Finishing'],
    ['SuspendedEV', true, 'SuspendedEV'],
    ['SuspendedEVSE', true, 'SuspendedEVSE'],
    // everyone else sees InUse and Paused
    ['Charging', false, 'InUse'],
    ['Preparing', false, 'InUse'],
    ['Finishing', false, 'InUse'],
    ['SuspendedEV', false, 'Paused'],
    ['SuspendedEVSE', false, 'Paused'],
    // other statuses read the same for everyone
    ['Available', false, 'Available'],
    ['Available', true, 'Available'],
    ['Faulted', false, 'Faulted'],
    ['Unavailable', false, 'Unavailable'],
    ['Offline', false, 'Offline'],
    ['Offline', true, 'Offline'],
    ['Unknown', false, 'Unknown'],
    // unrecognised or missing statuses read Unknown
    ['Reserved', false, 'Unknown'],
    ['charging', true, 'Unknown'],
    [null, false, 'Unknown'],
    [undefined, true, 'Unknown'],
  ])('%s seen by owner %s → %s', (status, ownsTransaction, expected) => {
    expect(connectorStatusWording({ status, chargerOnline: true, ownsTransaction })).toBe(expected);
  });

  it.each(
    CONNECTOR_STATUSES.flatMap((status) => [[status, true] as const, [status, false] as const]),
  )('Offline overrides %s (owner %s) when the charger is offline', (status, ownsTransaction) => {
    expect(connectorStatusWording({ status, chargerOnline: false, ownsTransaction })).toBe(
      'Offline',
    );
  });

  it.each([
    ['Available', false, 'Unavailable'],
    ['Available', true, 'Available'],
    ['Charging', false, 'InUse'],
    ['Faulted', false, 'Faulted'],
  ])('%s with tariff availableNow %s → %s', (status, availableNow, expected) => {
    expect(
      connectorStatusWording({ status, chargerOnline: true, ownsTransaction: false, availableNow }),
    ).toBe(expected);
  });
});

describe('a car plugged in before any session (Preparing with no transaction) is free to start', () => {
  it.each([
    // [status, owner, transaction runs, wording, Charge offered]
    ['Preparing', false, false, 'PluggedIn', true],
    ['Preparing', false, true, 'InUse', false],
    ['Preparing', true, true, 'Preparing', false],
    ['Charging', false, false, 'InUse', false],
    ['Finishing', false, false, 'InUse', false],
    ['SuspendedEV', false, false, 'Paused', false],
    ['Available', false, false, 'Available', true],
    ['Faulted', false, false, 'Faulted', false],
    ['Unavailable', false, false, 'Unavailable', false],
  ] as const)(
    '%s, owner %s, transaction %s → %s, Charge %s',
    (status, ownsTransaction, inTransaction, wording, chargeable) => {
      const shown = connectorStatusWording({
        status,
        chargerOnline: true,
        ownsTransaction,
        inTransaction,
      });
      expect(shown).toBe(wording);
      expect(canStartChargeAt(shown)).toBe(chargeable);
    },
  );

  it('an offline charger offers nothing, plugged in or not', () => {
    const shown = connectorStatusWording({
      status: 'Preparing',
      chargerOnline: false,
      ownsTransaction: false,
      inTransaction: false,
    });
    expect([shown, canStartChargeAt(shown)]).toEqual(['Offline', false]);
  });

  it('not knowing whether a transaction runs reads Preparing as someone’s session', () => {
    expect(
      connectorStatusWording({ status: 'Preparing', chargerOnline: true, ownsTransaction: false }),
    ).toBe('InUse');
  });
});

describe('connectorStatusClass (spec 001 §4)', () => {
  it.each([
    ['Available', 'available'],
    ['SuspendedEV', 'suspended'],
    ['SuspendedEVSE', 'suspended'],
    ['Preparing', 'charging'],
    ['Finishing', 'charging'],
    ['Charging', 'charging'],
    ['Faulted', 'faulted'],
    ['Unavailable', 'faulted'],
    ['Unknown', 'unknown'],
    ['Offline', 'offline'],
    ['Reserved', 'unknown'],
    ['', 'unknown'],
    [undefined, 'unknown'],
  ])('%s → %s', (status, expected) => {
    expect(connectorStatusClass(status, true)).toBe(expected);
  });

  it.each(CONNECTOR_STATUSES)('offline overrides %s', (status) => {
    expect(connectorStatusClass(status, false)).toBe('offline');
  });

  it.each([
    [false, 'available'],
    [true, 'charging'],
  ])('Preparing with a transaction running %s is styled %s', (inTransaction, expected) => {
    expect(connectorStatusClass('Preparing', true, true, inTransaction)).toBe(expected);
  });

  it('Available outside the tariff hours is styled as unavailable', () => {
    expect(connectorStatusClass('Available', true, false)).toBe('faulted');
  });
});

describe('isSessionStatus (spec 000 §4: the statuses of a connector running a session)', () => {
  it.each([
    ['Preparing', true],
    ['Charging', true],
    ['Finishing', true],
    ['SuspendedEV', true],
    ['SuspendedEVSE', true],
    ['Available', false],
    ['Faulted', false],
    ['Unavailable', false],
    ['Reserved', false],
    ['Offline', false],
    ['Bogus', false],
    [null, false],
  ])('%s: %s', (status, running) => {
    expect(isSessionStatus(status)).toBe(running);
  });
});

describe('toConnectorStatus', () => {
  it.each([
    ['SuspendedEVSE', 'SuspendedEVSE'],
    ['InUse', 'Unknown'],
    ['', 'Unknown'],
    [null, 'Unknown'],
  ])('%j → %s', (raw, expected) => {
    expect(toConnectorStatus(raw)).toBe(expected);
  });
});

/** Monday open 08:00–18:00 only; Tuesday listed with every period closed; others unlisted. */
const limited: TariffVariability = {
  twentyfourseven: false,
  regular_hours: [
    {
      weekday: 1,
      periods: Array.from({ length: PERIODS_PER_DAY }, (_, i) => ({
        standard_rate: 30,
        available: i >= 16 && i < 36,
      })),
    },
    {
      weekday: 2,
      periods: Array.from({ length: PERIODS_PER_DAY }, () => ({
        standard_rate: 30,
        available: false,
      })),
    },
  ],
};

describe('isConnectorAvailableNow (spec 001 §4: limited hours, current half-hour period)', () => {
  it.each([
    ['no variability: always', null, 3, 120, true],
    ['24/7: always', { ...limited, twentyfourseven: true }, 2, 0, true],
    ['Monday 07:59 is before opening', limited, 1, 7 * 60 + 59, false],
    ['Monday 08:00 opens the first available period', limited, 1, 8 * 60, true],
    ['Monday 12:15', limited, 1, 12 * 60 + 15, true],
    ['Monday 17:59 is the last available period', limited, 1, 17 * 60 + 59, true],
    ['Monday 18:00 is closed', limited, 1, 18 * 60, false],
    ['Tuesday every period closed', limited, 2, 12 * 60, false],
    ['an unlisted weekday is closed', limited, 7, 12 * 60, false],
  ])('%s', (_label, variability, weekday, minuteOfDay, expected) => {
    expect(isConnectorAvailableNow(variability, { weekday, minuteOfDay })).toBe(expected);
  });
});

describe('localTimeSlot', () => {
  it.each([
    [new Date(2026, 0, 5, 8, 30), { weekday: 1, minuteOfDay: 510 }], // a Monday
    [new Date(2026, 0, 4, 23, 59), { weekday: 7, minuteOfDay: 1439 }], // a Sunday
    [new Date(2026, 0, 10, 0, 0), { weekday: 6, minuteOfDay: 0 }], // a Saturday
  ])('%s → %j', (date, expected) => {
    expect(localTimeSlot(date)).toEqual(expected);
  });
});
