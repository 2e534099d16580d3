/**
 * OCPP 1.6 Smart Charging as a charge point applies it: the profiles it holds, per connector
 * (0 = the whole charge point), and the limit they compose to at an instant.
 */

export type ProfilePurpose = 'ChargePointMaxProfile' | 'TxDefaultProfile' | 'TxProfile';
export type ProfileKind = 'Absolute' | 'Recurring' | 'Relative';
export type RateUnit = 'A' | 'W';

export interface SchedulePeriod {
  startPeriod: number;
  limit: number;
  numberPhases?: number;
}

export interface ChargingSchedule {
  duration?: number;
  startSchedule?: string;
  chargingRateUnit: RateUnit;
  chargingSchedulePeriod: SchedulePeriod[];
  minChargingRate?: number;
}

export interface ChargingProfile {
  chargingProfileId: number;
  transactionId?: number;
  stackLevel: number;
  chargingProfilePurpose: ProfilePurpose;
  chargingProfileKind: ProfileKind;
  recurrencyKind?: 'Daily' | 'Weekly';
  validFrom?: string;
  validTo?: string;
  chargingSchedule: ChargingSchedule;
}

/** Three-phase 230 V: how watts and amps convert. */
export const VOLTS_PER_AMP_THREE_PHASE = 230 * 3;

const RECURRENCE_SECONDS = { Daily: 86_400, Weekly: 604_800 } as const;

interface HeldProfile {
  connectorId: number;
  profile: ChargingProfile;
}

/** What a connector's transaction is, for TxProfile and Relative schedules. */
export interface ConnectorTransaction {
  transactionId: number | null;
  startedAt: number;
}

const toAmps = (limit: number, unit: RateUnit) =>
  unit === 'W' ? limit / VOLTS_PER_AMP_THREE_PHASE : limit;

export class ChargingProfileStore {
  private held: HeldProfile[] = [];

  /**
   * SetChargingProfile: a TxProfile needs a transaction on its connector (and is that
   * transaction's); a profile replaces one with the same id, or the same stack level and purpose
   * on the same connector.
   */
  set(
    connectorId: number,
    profile: ChargingProfile,
    transaction: ConnectorTransaction | undefined,
  ): 'Accepted' | 'Rejected' {
    if (profile.chargingSchedule.chargingSchedulePeriod.length === 0) return 'Rejected';
    if (profile.chargingProfilePurpose === 'ChargePointMaxProfile' && connectorId !== 0) {
      return 'Rejected';
    }
    if (profile.chargingProfilePurpose === 'TxProfile') {
      if (connectorId === 0 || !transaction) return 'Rejected';
      if (
        profile.transactionId !== undefined &&
        transaction.transactionId !== null &&
        profile.transactionId !== transaction.transactionId
      ) {
        return 'Rejected';
      }
    }
    this.held = this.held.filter(
      (entry) =>
        entry.profile.chargingProfileId !== profile.chargingProfileId &&
        !(
          entry.connectorId === connectorId &&
          entry.profile.stackLevel === profile.stackLevel &&
          entry.profile.chargingProfilePurpose === profile.chargingProfilePurpose
        ),
    );
    this.held.push({ connectorId, profile });
    return 'Accepted';
  }

  /** ClearChargingProfile: every profile matching all the given criteria; Unknown if none. */
  clear(criteria: {
    id?: number;
    connectorId?: number;
    chargingProfilePurpose?: ProfilePurpose;
    stackLevel?: number;
  }): 'Accepted' | 'Unknown' {
    const matches = (entry: HeldProfile) =>
      (criteria.id === undefined || entry.profile.chargingProfileId === criteria.id) &&
      (criteria.connectorId === undefined || entry.connectorId === criteria.connectorId) &&
      (criteria.chargingProfilePurpose === undefined ||
        entry.profile.chargingProfilePurpose === criteria.chargingProfilePurpose) &&
      (criteria.stackLevel === undefined || entry.profile.stackLevel === criteria.stackLevel);
    const before = this.held.length;
    this.held = this.held.filter((entry) => !matches(entry));
    return this.held.length < before ? 'Accepted' : 'Unknown';
  }

  /** A transaction's TxProfiles end with it. */
  endTransaction(connectorId: number): void {
    this.held = this.held.filter(
      (entry) =>
        !(
          entry.connectorId === connectorId && entry.profile.chargingProfilePurpose === 'TxProfile'
        ),
    );
  }

  /** The profiles held, by connector (copies). */
  list(): { connectorId: number; profile: ChargingProfile }[] {
    return this.held.map((entry) => structuredClone(entry));
  }

  get size(): number {
    return this.held.length;
  }

  /**
   * The limit in amps on a connector at `at` (ms): the highest stack level of each purpose that
   * covers the instant; a TxProfile overrides the TxDefaultProfile; the ChargePointMaxProfile
   * caps either. Null when no profile limits it.
   */
  limitAt(
    connectorId: number,
    at: number,
    transaction: ConnectorTransaction | undefined,
  ): number | null {
    const winner = (purpose: ProfilePurpose, connectors: readonly number[]) =>
      this.held
        .filter(
          (entry) =>
            entry.profile.chargingProfilePurpose === purpose &&
            connectors.includes(entry.connectorId),
        )
        .map((entry) => ({ entry, limit: scheduleLimitAt(entry.profile, at, transaction) }))
        .filter((candidate) => candidate.limit !== null)
        // A connector's own profile beats the charge point's at the same stack level.
        .sort(
          (a, b) =>
            b.entry.profile.stackLevel - a.entry.profile.stackLevel ||
            b.entry.connectorId - a.entry.connectorId,
        )[0]?.limit ?? null;
    const max = winner('ChargePointMaxProfile', [0]);
    const tx = transaction ? winner('TxProfile', [connectorId]) : null;
    const txDefault = winner('TxDefaultProfile', [0, connectorId]);
    const own = tx ?? txDefault;
    if (own === null) return max;
    return max === null ? own : Math.min(max, own);
  }

  /**
   * GetCompositeSchedule: the limits from `from` for `durationSeconds`, as periods from its
   * start, each where the composed limit changes (the charge point's own maximum where no
   * profile limits it, and never above it). Null when no profile limits the connector at all.
   */
  composite(
    connectorId: number,
    from: number,
    durationSeconds: number,
    transaction: ConnectorTransaction | undefined,
    maxAmps: number,
  ): SchedulePeriod[] | null {
    const instants = new Set<number>([0]);
    for (const { profile } of this.held) {
      for (const offset of changePoints(profile, from, durationSeconds, transaction)) {
        instants.add(offset);
      }
    }
    const periods: SchedulePeriod[] = [];
    let limited = false;
    for (const offset of [...instants].sort((a, b) => a - b)) {
      const limit = this.limitAt(connectorId, from + offset * 1000, transaction);
      if (limit !== null) limited = true;
      const shown = Math.min(limit ?? maxAmps, maxAmps);
      if (periods.at(-1)?.limit === shown) continue;
      periods.push({ startPeriod: offset, limit: shown });
    }
    return limited ? periods : null;
  }
}

/** When a profile's schedule starts, for an instant (recurring schedules repeat). */
function scheduleStart(
  profile: ChargingProfile,
  at: number,
  transaction: ConnectorTransaction | undefined,
): number | null {
  const { chargingSchedule: schedule } = profile;
  if (profile.chargingProfileKind === 'Relative') return transaction ? transaction.startedAt : null;
  const start = schedule.startSchedule ? Date.parse(schedule.startSchedule) : Number.NaN;
  if (profile.chargingProfileKind === 'Absolute') {
    return Number.isNaN(start) ? (transaction?.startedAt ?? null) : start;
  }
  if (Number.isNaN(start)) return null;
  const period = RECURRENCE_SECONDS[profile.recurrencyKind ?? 'Daily'] * 1000;
  return start + Math.floor((at - start) / period) * period;
}

/** The limit a profile sets at an instant, in amps; null when it does not cover the instant. */
export function scheduleLimitAt(
  profile: ChargingProfile,
  at: number,
  transaction: ConnectorTransaction | undefined,
): number | null {
  if (profile.validFrom && at < Date.parse(profile.validFrom)) return null;
  if (profile.validTo && at >= Date.parse(profile.validTo)) return null;
  const start = scheduleStart(profile, at, transaction);
  if (start === null || at < start) return null;
  const offset = (at - start) / 1000;
  const { duration, chargingSchedulePeriod, chargingRateUnit } = profile.chargingSchedule;
  if (duration !== undefined && offset >= duration) return null;
  let limit: number | null = null;
  for (const period of [...chargingSchedulePeriod].sort((a, b) => a.startPeriod - b.startPeriod)) {
    if (period.startPeriod > offset) break;
    limit = toAmps(period.limit, chargingRateUnit);
  }
  return limit;
}

/** Seconds from `from` at which a profile may change the limit, within the window. */
function changePoints(
  profile: ChargingProfile,
  from: number,
  durationSeconds: number,
  transaction: ConnectorTransaction | undefined,
): number[] {
  const points: number[] = [];
  const add = (ms: number) => {
    const offset = Math.ceil((ms - from) / 1000);
    if (offset > 0 && offset < durationSeconds) points.push(offset);
  };
  if (profile.validFrom) add(Date.parse(profile.validFrom));
  if (profile.validTo) add(Date.parse(profile.validTo));
  const end = from + durationSeconds * 1000;
  const recurrence =
    profile.chargingProfileKind === 'Recurring'
      ? RECURRENCE_SECONDS[profile.recurrencyKind ?? 'Daily'] * 1000
      : null;
  let start = scheduleStart(profile, from, transaction);
  while (start !== null && start < end) {
    for (const period of profile.chargingSchedule.chargingSchedulePeriod) {
      add(start + period.startPeriod * 1000);
    }
    if (profile.chargingSchedule.duration !== undefined) {
      add(start + profile.chargingSchedule.duration * 1000);
    }
    if (recurrence === null) break;
    start += recurrence;
  }
  return points;
}
