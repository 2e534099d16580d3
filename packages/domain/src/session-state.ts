/** The states of a started, open session that the connector's reports move it between. */
export type LiveSessionState = 'charging' | 'paused' | 'pausedByVehicle';

export interface ConnectorReportFacts {
  /** The status the connector reported (StatusNotification). */
  status: string;
  /** The charger has started the session's transaction; before that no status moves it. */
  started: boolean;
  /** The driver paused it (a 0 A profile): the car's own pauses and resumes read as paused. */
  pausedByDriver: boolean;
  /** When the car stopped drawing, if it has; the overstay may run from there (ADR 0013). */
  vehicleIdleSince: Date | null;
  reportedAt: Date;
}

export interface SessionStateChange {
  state: LiveSessionState;
  /** Absent: left as it is. */
  vehicleIdleSince?: Date | null;
}

/**
 * spec 000: in progress, paused (by the driver) or paused by vehicle. SuspendedEV is the car
 * drawing nothing: paused by vehicle, idle since its first such report. SuspendedEVSE is the
 * charger holding back: paused. Charging is charging again, the car no longer idle. A driver's
 * pause outlasts whatever the car does. Other statuses change nothing (null).
 */
export function sessionStateOnConnectorStatus(
  facts: ConnectorReportFacts,
): SessionStateChange | null {
  if (!facts.started) return null;
  switch (facts.status) {
    case 'SuspendedEV':
      return {
        state: facts.pausedByDriver ? 'paused' : 'pausedByVehicle',
        vehicleIdleSince: facts.vehicleIdleSince ?? facts.reportedAt,
      };
    case 'SuspendedEVSE':
      return { state: 'paused' };
    case 'Charging':
      return { state: facts.pausedByDriver ? 'paused' : 'charging', vehicleIdleSince: null };
    default:
      return null;
  }
}

/** A session the driver resumes charges again, unless the car had already stopped drawing. */
export function sessionStateOnResume(vehicleIdleSince: Date | null): LiveSessionState {
  return vehicleIdleSince ? 'pausedByVehicle' : 'charging';
}
