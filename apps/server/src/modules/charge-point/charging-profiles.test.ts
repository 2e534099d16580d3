import { describe, expect, it } from 'vitest';
import {
  defaultProfileFilter,
  pauseProfile,
  pauseProfileFilter,
  startLimitProfile,
} from './charging-profiles.ts';

const limitOf = (profile: ReturnType<typeof pauseProfile>) =>
  profile.chargingSchedule.chargingSchedulePeriod[0]?.limit;

describe('charging profiles sent to chargers (OCPP 1.6 §3.13)', () => {
  it('a start limit caps the new transaction from its start, in amperes', () => {
    const profile = startLimitProfile(16);
    expect(profile).toMatchObject({
      chargingProfilePurpose: 'TxProfile',
      chargingProfileKind: 'Relative',
      chargingSchedule: { chargingRateUnit: 'A' },
    });
    expect(profile.transactionId).toBeUndefined();
    expect(limitOf(profile)).toBe(16);
  });

  it('a pause is 0 A for its own transaction and outranks the start limit', () => {
    const pause = pauseProfile(42);
    expect(pause).toMatchObject({ transactionId: 42, chargingProfilePurpose: 'TxProfile' });
    expect(limitOf(pause)).toBe(0);
    expect(pause.stackLevel).toBeGreaterThan(startLimitProfile(16).stackLevel);
  });

  it('resuming clears the pause by its id, not the start limit', () => {
    expect(pauseProfileFilter).toEqual({ id: pauseProfile(42).chargingProfileId });
    expect(pauseProfileFilter.id).not.toBe(startLimitProfile(16).chargingProfileId);
  });

  it('clearing the default profile names the connector and the TxDefaultProfile purpose', () => {
    expect(defaultProfileFilter(2)).toEqual({
      connectorId: 2,
      chargingProfilePurpose: 'TxDefaultProfile',
    });
  });
});
