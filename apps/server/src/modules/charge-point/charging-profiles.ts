import type { ChargingProfile, ClearChargingProfileFilter } from './charger-commands.ts';

/** The id of the current limit a driver may start a session with. */
export const START_PROFILE_ID = 7300;
/** The id of the 0 A profile that pauses a session, so resuming clears exactly that profile. */
export const PAUSE_PROFILE_ID = 7301;

/** A transaction's current limit from its start, sent with RemoteStartTransaction. */
export function startLimitProfile(limitA: number): ChargingProfile {
  return {
    chargingProfileId: START_PROFILE_ID,
    stackLevel: 0,
    chargingProfilePurpose: 'TxProfile',
    chargingProfileKind: 'Relative',
    chargingSchedule: {
      chargingRateUnit: 'A',
      chargingSchedulePeriod: [{ startPeriod: 0, limit: limitA }],
    },
  };
}

/** 0 A for one transaction: the car keeps its cable and session but draws nothing. */
export function pauseProfile(transactionId: number): ChargingProfile {
  return {
    chargingProfileId: PAUSE_PROFILE_ID,
    transactionId,
    // Above the start limit's level, so it wins while it is there.
    stackLevel: 1,
    chargingProfilePurpose: 'TxProfile',
    chargingProfileKind: 'Relative',
    chargingSchedule: {
      chargingRateUnit: 'A',
      chargingSchedulePeriod: [{ startPeriod: 0, limit: 0 }],
    },
  };
}

/** Clears the pause and nothing else: a start limit stays. */
export const pauseProfileFilter: ClearChargingProfileFilter = { id: PAUSE_PROFILE_ID };

/** Clears the default profile a connector applies to every new transaction. */
export function defaultProfileFilter(connectorId: number): ClearChargingProfileFilter {
  return { connectorId, chargingProfilePurpose: 'TxDefaultProfile' };
}
