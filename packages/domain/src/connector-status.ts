import { MINUTES_PER_PERIOD, type TariffVariability } from './tariff.ts';

/**
 * spec 000 §4, 001 §3: the statuses a connector reports (OCPP 1.6 ChargePointStatus), plus
 * Offline and Unknown. The one list: the contract's enum wraps it.
 */
export const CONNECTOR_STATUSES = [
  'Available',
  'Preparing',
  'Charging',
  'SuspendedEVSE',
  'SuspendedEV',
  'Finishing',
  'Reserved',
  'Unavailable',
  'Faulted',
  'Offline',
  'Unknown',
] as const;
export type ConnectorStatus = (typeof CONNECTOR_STATUSES)[number];
/** The statuses the spec words; a Reserved connector reads Unknown, as any status it does not name. */
type WordedStatus = Exclude<ConnectorStatus, 'Reserved'>;
/**
 * What the driver sees: a status, the display-only InUse and Paused, or PluggedIn: a car's cable
 * in a connector that runs no transaction (Preparing before anyone started), free to start.
 */
export type ConnectorStatusWording = WordedStatus | 'InUse' | 'Paused' | 'PluggedIn';
export type ConnectorStatusClass =
  'available' | 'suspended' | 'charging' | 'faulted' | 'unknown' | 'offline';

/**
 * spec 000 §4: the statuses under which a connector runs a session: its owner sees them as they
 * are, everyone else In use (Preparing, Charging, Finishing) or Paused (both suspended).
 */
const SESSION_STATUSES: readonly ConnectorStatus[] = [
  'Preparing',
  'Charging',
  'Finishing',
  'SuspendedEV',
  'SuspendedEVSE',
];

/** Whether a connector reporting `status` may be running someone's session. */
export const isSessionStatus = (status: string | null | undefined): boolean =>
  SESSION_STATUSES.includes(toConnectorStatus(status));

/** A stored or reported status as the wire carries it: one not in the list is Unknown. */
export function toConnectorStatus(raw: string | null | undefined): ConnectorStatus {
  return CONNECTOR_STATUSES.find((status) => status === raw) ?? 'Unknown';
}

/**
 * spec 001 §4: a connector reported Available on a charger whose tariff has limited hours is shown
 * Unavailable when the current half-hour period is not available.
 */
function displayedStatus(raw: string | null | undefined, availableNow: boolean): WordedStatus {
  const status = toConnectorStatus(raw);
  if (status === 'Reserved') return 'Unknown';
  return status === 'Available' && !availableNow ? 'Unavailable' : status;
}

export interface ConnectorWordingInput {
  status: string | null | undefined;
  chargerOnline: boolean;
  /** The signed-in driver owns the connector's current transaction. */
  ownsTransaction: boolean;
  /**
   * A transaction runs on the connector, whoever's. Absent when not known: every session status
   * then reads as someone's session.
   */
  inTransaction?: boolean;
  /** Result of isConnectorAvailableNow; true when the tariff has no limited hours. */
  availableNow?: boolean;
}

/**
 * spec 000 §4, 001 §4: Offline overrides all. The owner of the transaction sees the status as
 * is; everyone else sees Charging, Preparing and Finishing as InUse and both suspended statuses
 * as Paused. Unrecognised statuses read Unknown.
 */
export function connectorStatusWording({
  status,
  chargerOnline,
  ownsTransaction,
  inTransaction = true,
  availableNow = true,
}: ConnectorWordingInput): ConnectorStatusWording {
  if (!chargerOnline) return 'Offline';
  const shown = displayedStatus(status, availableNow);
  if (ownsTransaction) return shown;
  // A car plugged in before any session (OCPP 1.6: Preparing with no transaction) waits for a
  // driver to start: it is no one's session, so it is not In use.
  if (shown === 'Preparing' && !inTransaction) return 'PluggedIn';
  switch (shown) {
    case 'Charging':
    case 'Preparing':
    case 'Finishing':
      return 'InUse';
    case 'SuspendedEV':
    case 'SuspendedEVSE':
      return 'Paused';
    case 'Available':
    case 'Faulted':
    case 'Unavailable':
    case 'Offline':
    case 'Unknown':
      return shown;
  }
}

/** Whether a driver may start a charge on a connector worded so: free, or a car plugged in. */
export const canStartChargeAt = (wording: ConnectorStatusWording): boolean =>
  wording === 'Available' || wording === 'PluggedIn';

/** spec 001 §4: the style class follows the status; Offline overrides all; fallback Unknown. */
export function connectorStatusClass(
  status: string | null | undefined,
  online: boolean,
  availableNow = true,
  inTransaction = true,
): ConnectorStatusClass {
  if (!online) return 'offline';
  const shown = displayedStatus(status, availableNow);
  // A car plugged in with no transaction waits for a driver: styled as free to use.
  if (shown === 'Preparing' && !inTransaction) return 'available';
  switch (shown) {
    case 'Available':
      return 'available';
    case 'SuspendedEV':
    case 'SuspendedEVSE':
      return 'suspended';
    case 'Preparing':
    case 'Finishing':
    case 'Charging':
      return 'charging';
    case 'Faulted':
    case 'Unavailable':
      return 'faulted';
    case 'Offline':
      return 'offline';
    case 'Unknown':
      return 'unknown';
  }
}

export interface LocalTimeSlot {
  /** ISO weekday: 1 = Monday … 7 = Sunday. */
  weekday: number;
  /** Minutes since local midnight, 0–1439. */
  minuteOfDay: number;
}

/** The device-local weekday and minute of a moment (spec 001 §4: device local time). */
export function localTimeSlot(date: Date): LocalTimeSlot {
  return {
    weekday: date.getDay() === 0 ? 7 : date.getDay(),
    minuteOfDay: date.getHours() * 60 + date.getMinutes(),
  };
}

/**
 * Whether the tariff lets the connector be used in the half-hour period containing the given
 * local time. No variability, or 24/7, means always. With limited hours a weekday that is not
 * listed, or a period missing from its list, counts as unavailable.
 */
export function isConnectorAvailableNow(
  variability: TariffVariability | null | undefined,
  { weekday, minuteOfDay }: LocalTimeSlot,
): boolean {
  if (!variability || variability.twentyfourseven) return true;
  const day = variability.regular_hours.find((hours) => hours.weekday === weekday);
  const period = day?.periods[Math.floor(minuteOfDay / MINUTES_PER_PERIOD)];
  return period?.available ?? false;
}
