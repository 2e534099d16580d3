import type { ChargingProfile, ClearChargingProfileFilter } from './charger-commands.ts';

/** The id of the current limit a driver may start a session with. */
export const START_PROFILE_ID = 7300;
/** The id of the 0 A profile that pauses a session, so resuming clears exactly that profile. */
export const PAUSE_PROFILE_ID = 7301;

/** The id of a home charger's weekly schedule (issue 17): saving it again replaces it. */
export const HOME_SCHEDULE_PROFILE_ID = 7302;
/** The id of a boost: one session at a home charger charges now, outside its schedule. */
export const BOOST_PROFILE_ID = 7303;

/** A TxProfile of one limit in amps from the transaction's start (of one transaction when given). */
function flatTxProfile(
  chargingProfileId: number,
  stackLevel: number,
  limitA: number,
  transactionId?: number,
): ChargingProfile {
  return {
    chargingProfileId,
    ...(transactionId === undefined ? {} : { transactionId }),
    stackLevel,
    chargingProfilePurpose: 'TxProfile',
    chargingProfileKind: 'Relative',
    chargingSchedule: {
      chargingRateUnit: 'A',
      chargingSchedulePeriod: [{ startPeriod: 0, limit: limitA }],
    },
  };
}

/** A transaction's current limit from its start, sent with RemoteStartTransaction. */
export const startLimitProfile = (limitA: number): ChargingProfile =>
  flatTxProfile(START_PROFILE_ID, 0, limitA);

/** 0 A for one transaction: the car keeps its cable and session but draws nothing. */
// Above the start limit's level, so it wins while it is there.
export const pauseProfile = (transactionId: number): ChargingProfile =>
  flatTxProfile(PAUSE_PROFILE_ID, 1, 0, transactionId);

/** Clears the pause and nothing else: a start limit stays. */
export const pauseProfileFilter: ClearChargingProfileFilter = { id: PAUSE_PROFILE_ID };

/** Clears the default profile a connector applies to every new transaction. */
export function defaultProfileFilter(connectorId: number): ClearChargingProfileFilter {
  return { connectorId, chargingProfilePurpose: 'TxDefaultProfile' };
}

/**
 * A home charger's week (issue 17) as OCPP 1.6 Smart Charging takes it: the TxDefaultProfile of
 * the whole charger (connector 0), recurring weekly from `weekStart` (Monday 00:00, local time),
 * in amps; `periods` count seconds from then (packages/domain compileChargingProfile).
 */
export function homeScheduleProfile(
  periods: readonly { startPeriod: number; limit: number }[],
  weekStart: Date,
): ChargingProfile {
  return {
    chargingProfileId: HOME_SCHEDULE_PROFILE_ID,
    stackLevel: 0,
    chargingProfilePurpose: 'TxDefaultProfile',
    chargingProfileKind: 'Recurring',
    recurrencyKind: 'Weekly',
    chargingSchedule: {
      duration: 7 * 86_400,
      startSchedule: weekStart.toISOString(),
      chargingRateUnit: 'A',
      chargingSchedulePeriod: periods.map((period) => ({ ...period })),
    },
  };
}

/** Clears the home schedule and nothing else (No Schedule). */
export const homeScheduleFilter: ClearChargingProfileFilter = { id: HOME_SCHEDULE_PROFILE_ID };

/**
 * A boost: this transaction draws up to `limitA` whatever the schedule says. A TxProfile beats
 * the TxDefaultProfile for its transaction only and ends with it; at the start limit's stack
 * level it takes that limit's place, and a pause (level 1) still wins over it.
 */
export const boostProfile = (transactionId: number, limitA: number): ChargingProfile =>
  flatTxProfile(BOOST_PROFILE_ID, 0, limitA, transactionId);
