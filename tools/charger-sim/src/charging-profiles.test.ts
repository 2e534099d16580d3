import { describe, expect, it } from 'vitest';
import {
  ChargingProfileStore,
  scheduleLimitAt,
  type ChargingProfile,
} from './charging-profiles.ts';

const MONDAY = Date.parse('2026-11-23T00:00:00Z');
const at = (hours: number, day = 0) => MONDAY + (day * 24 + hours) * 3_600_000;

/** The weekly default a home charger gets: 0 A except 01:00–05:00 on Mondays. */
const weekly = (overrides: Partial<ChargingProfile> = {}): ChargingProfile => ({
  chargingProfileId: 1,
  stackLevel: 0,
  chargingProfilePurpose: 'TxDefaultProfile',
  chargingProfileKind: 'Recurring',
  recurrencyKind: 'Weekly',
  chargingSchedule: {
    startSchedule: new Date(MONDAY).toISOString(),
    chargingRateUnit: 'A',
    chargingSchedulePeriod: [
      { startPeriod: 0, limit: 0 },
      { startPeriod: 3600, limit: 32 },
      { startPeriod: 5 * 3600, limit: 0 },
    ],
  },
  ...overrides,
});

const tx = { transactionId: 9, startedAt: at(0.5) };

describe('a charge point holding OCPP 1.6 charging profiles', () => {
  it.each([
    ['before the slot', at(0.5), 0],
    ['in the slot', at(2), 32],
    ['after the slot', at(6), 0],
    ['the same hour a week later', at(2, 7), 32],
    ['a Tuesday at the same hour', at(2, 1), 0],
  ])('a weekly recurring profile: %s', (_wording, instant, limit) => {
    expect(scheduleLimitAt(weekly(), instant, tx)).toBe(limit);
  });

  it('a daily recurring profile repeats every day', () => {
    const daily = weekly({ recurrencyKind: 'Daily' });
    expect(scheduleLimitAt(daily, at(2, 3), tx)).toBe(32);
  });

  it('a relative profile starts with the transaction; an absolute one ends after its duration', () => {
    const relative = weekly({
      chargingProfileKind: 'Relative',
      chargingSchedule: {
        chargingRateUnit: 'W',
        chargingSchedulePeriod: [
          { startPeriod: 0, limit: 6900 },
          { startPeriod: 600, limit: 0 },
        ],
      },
    });
    expect(scheduleLimitAt(relative, tx.startedAt + 60_000, tx)).toBe(10);
    expect(scheduleLimitAt(relative, tx.startedAt + 700_000, tx)).toBe(0);
    expect(scheduleLimitAt(relative, at(1), undefined)).toBeNull();
    const absolute = weekly({
      chargingProfileKind: 'Absolute',
      chargingSchedule: { ...weekly().chargingSchedule, duration: 7200 },
    });
    expect(scheduleLimitAt(absolute, at(1.5), tx)).toBe(32);
    expect(scheduleLimitAt(absolute, at(3), tx)).toBeNull();
  });

  it('validFrom and validTo bound a profile', () => {
    const bounded = weekly({
      validFrom: new Date(at(1.5)).toISOString(),
      validTo: new Date(at(3)).toISOString(),
    });
    expect(scheduleLimitAt(bounded, at(1.2), tx)).toBeNull();
    expect(scheduleLimitAt(bounded, at(2), tx)).toBe(32);
    expect(scheduleLimitAt(bounded, at(4), tx)).toBeNull();
  });

  it('the highest stack level wins; a TxProfile overrides the default; the max profile caps both', () => {
    const store = new ChargingProfileStore();
    expect(store.set(0, weekly(), undefined)).toBe('Accepted');
    expect(store.limitAt(1, at(2), tx)).toBe(32);
    const higher = weekly({
      chargingProfileId: 2,
      stackLevel: 1,
      chargingProfileKind: 'Absolute',
      chargingSchedule: {
        ...weekly().chargingSchedule,
        chargingSchedulePeriod: [{ startPeriod: 0, limit: 16 }],
      },
    });
    store.set(0, higher, undefined);
    expect(store.limitAt(1, at(2), tx)).toBe(16);
    const txProfile: ChargingProfile = {
      ...higher,
      chargingProfileId: 3,
      chargingProfilePurpose: 'TxProfile',
      transactionId: 9,
      chargingSchedule: {
        ...higher.chargingSchedule,
        chargingSchedulePeriod: [{ startPeriod: 0, limit: 24 }],
      },
    };
    expect(store.set(1, txProfile, tx)).toBe('Accepted');
    expect(store.limitAt(1, at(2), tx)).toBe(24);
    const max: ChargingProfile = {
      ...higher,
      chargingProfileId: 4,
      chargingProfilePurpose: 'ChargePointMaxProfile',
      chargingSchedule: {
        ...higher.chargingSchedule,
        chargingSchedulePeriod: [{ startPeriod: 0, limit: 20 }],
      },
    };
    expect(store.set(0, max, undefined)).toBe('Accepted');
    expect(store.limitAt(1, at(2), tx)).toBe(20);
    // The transaction ends: its TxProfile goes with it.
    store.endTransaction(1);
    expect(store.limitAt(1, at(2), undefined)).toBe(16);
  });

  it('refuses a TxProfile without a transaction and a max profile on a connector', () => {
    const store = new ChargingProfileStore();
    expect(store.set(1, weekly({ chargingProfilePurpose: 'TxProfile' }), undefined)).toBe(
      'Rejected',
    );
    expect(
      store.set(1, weekly({ chargingProfilePurpose: 'ChargePointMaxProfile' }), undefined),
    ).toBe('Rejected');
    expect(store.size).toBe(0);
  });

  it('a profile with the same id, or the same stack level and purpose, replaces the one held', () => {
    const store = new ChargingProfileStore();
    store.set(0, weekly(), undefined);
    store.set(0, weekly({ chargingProfileId: 7 }), undefined);
    expect(store.size).toBe(1);
    store.set(0, weekly({ chargingProfileId: 7, stackLevel: 3 }), undefined);
    expect(store.size).toBe(1);
  });

  it('ClearChargingProfile removes what matches, and says Unknown when nothing does', () => {
    const store = new ChargingProfileStore();
    store.set(0, weekly(), undefined);
    expect(store.clear({ chargingProfilePurpose: 'TxProfile' })).toBe('Unknown');
    expect(store.clear({ id: 1 })).toBe('Accepted');
    expect(store.limitAt(1, at(2), tx)).toBeNull();
  });

  it('GetCompositeSchedule: the limits ahead as periods where they change, capped at the maximum', () => {
    const store = new ChargingProfileStore();
    expect(store.composite(1, at(0), 86_400, undefined, 32)).toBeNull();
    store.set(0, weekly(), undefined);
    expect(store.composite(1, at(0), 86_400, undefined, 25)).toEqual([
      { startPeriod: 0, limit: 0 },
      { startPeriod: 3600, limit: 25 },
      { startPeriod: 5 * 3600, limit: 0 },
    ]);
    // From inside the slot, across the week's end.
    expect(store.composite(1, at(3, 6), 2 * 86_400, undefined, 32)).toEqual([
      { startPeriod: 0, limit: 0 },
      { startPeriod: 22 * 3600, limit: 32 },
      { startPeriod: 26 * 3600, limit: 0 },
    ]);
  });
});
