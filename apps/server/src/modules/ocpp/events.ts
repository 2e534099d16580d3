/** Subjects on the bus for what the central system hears and is asked to do. */
export const CHARGER_LIVE_SUBJECT = 'charger.live';
export const TRANSACTION_STARTED_SUBJECT = 'transaction.started';
export const TRANSACTION_METER_SUBJECT = 'transaction.meter';
export const TRANSACTION_STOPPED_SUBJECT = 'transaction.stopped';

/** A charger's live state changed (connect, disconnect, StatusNotification): read it again. */
export interface ChargerChanged {
  chargerId: string;
}

export interface TransactionStarted {
  transactionId: number;
  chargerId: string;
  connectorNumber: number;
  idTag: string;
  userId: string | null;
  meterStartWh: number;
  startedAt: string;
}

export interface TransactionMeter {
  transactionId: number | null;
  chargerId: string;
  connectorNumber: number;
  energyWh: number | null;
  powerW: number | null;
  socPercent: number | null;
  sampledAt: string;
}

export interface TransactionStopped {
  transactionId: number;
  chargerId: string;
  meterStartWh: number | null;
  meterStopWh: number;
  stoppedAt: string;
  reason: string | null;
  userId: string | null;
}
