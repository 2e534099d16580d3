// What the modules tell the metrics, each through one narrow function handed to it by app.ts (none
// when metrics are off), and the bounded label values what they tell becomes: a name nobody listed
// is counted as `other`, so no charger, user or driver's input can add a series.

/** The messages chargers send, as the central system answers them. */
export interface OcppMessageObserver {
  /** A message's handler took `seconds`, whatever it answered. */
  handled(action: string, seconds: number): void;
  /**
   * A message was answered: with a CALLRESULT, or with a CALLERROR of `errorCode` (the code as the
   * charger received it), whether its handler failed or the message never reached one.
   */
  answered(action: string | undefined, errorCode?: string): void;
}

/**
 * What became of a command sent to a charger, as the caller saw it: answered, answered with a
 * refusal (Rejected, NotSupported, NotImplemented, UnlockFailed), not answered in time, no live
 * node holding the charger, or failed otherwise (a CALLERROR, an error on the way).
 */
export const COMMAND_OUTCOMES = ['answered', 'rejected', 'timeout', 'offline', 'failed'] as const;
export type CommandOutcome = (typeof COMMAND_OUTCOMES)[number];
export type CommandObserver = (action: string, outcome: CommandOutcome, seconds: number) => void;

/** Each call of the payment provider (payment-provider.ts), an intent's creation by purpose. */
export const PAYMENT_OPERATIONS = [
  'card_setup',
  'card_removal',
  'billing_update',
  'charge_intent',
  'topup_intent',
  'hold',
  'retrieve',
  'capture',
  'cancel',
  'refund',
] as const;
export type PaymentOperation = (typeof PAYMENT_OPERATIONS)[number];
/** declined: the card was refused (a 402, or an off-session hold the bank did not give). */
export const PAYMENT_OUTCOMES = ['succeeded', 'declined', 'failed'] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];
export type PaymentObserver = (
  operation: PaymentOperation,
  outcome: PaymentOutcome,
  provider: string,
) => void;

/**
 * Where a statement ran: a prepared read on a pipelined connection (PostgreSQL), a single
 * statement on a pooled connection (or PGlite's one), or a statement inside a transaction.
 */
export const STATEMENT_KINDS = ['pipelined_read', 'statement', 'transaction'] as const;
export type StatementKind = (typeof STATEMENT_KINDS)[number];
export type StatementObserver = (kind: StatementKind, seconds: number) => void;

/** OCPP 1.6 §4: what a charge point sends the central system. */
export const CHARGE_POINT_ACTIONS: ReadonlySet<string> = new Set([
  'Authorize',
  'BootNotification',
  'DataTransfer',
  'DiagnosticsStatusNotification',
  'FirmwareStatusNotification',
  'Heartbeat',
  'MeterValues',
  'StartTransaction',
  'StatusNotification',
  'StopTransaction',
]);

/** OCPP 1.6 §5: what the central system sends a charge point. */
export const CENTRAL_SYSTEM_ACTIONS: ReadonlySet<string> = new Set([
  'CancelReservation',
  'ChangeAvailability',
  'ChangeConfiguration',
  'ClearCache',
  'ClearChargingProfile',
  'DataTransfer',
  'GetCompositeSchedule',
  'GetConfiguration',
  'GetDiagnostics',
  'GetLocalListVersion',
  'RemoteStartTransaction',
  'RemoteStopTransaction',
  'ReserveNow',
  'Reset',
  'SendLocalList',
  'SetChargingProfile',
  'TriggerMessage',
  'UnlockConnector',
  'UpdateFirmware',
]);

/**
 * OCPP-J 1.6 §4.2.3 CallError codes with the errata's spellings, both spellings of the occurrence
 * violation, and the two frame errors ocpp-rpc answers a frame it cannot read with.
 */
export const OCPP_ERROR_CODES: ReadonlySet<string> = new Set([
  'NotImplemented',
  'NotSupported',
  'InternalError',
  'ProtocolError',
  'SecurityError',
  'FormationViolation',
  'PropertyConstraintViolation',
  'OccurenceConstraintViolation',
  'OccurrenceConstraintViolation',
  'TypeConstraintViolation',
  'GenericError',
  'RpcFrameworkError',
  'MessageTypeNotSupported',
]);

const PAYMENT_PROVIDERS: ReadonlySet<string> = new Set(['sandbox', 'stripe']);

const bounded = (known: ReadonlySet<string>, value: string | undefined) =>
  value !== undefined && known.has(value) ? value : 'other';

/** A charger's message's action, or `other`. */
export const chargerActionLabel = (action: string | undefined) =>
  bounded(CHARGE_POINT_ACTIONS, action);
/** A command's action, or `other`. */
export const commandActionLabel = (action: string) => bounded(CENTRAL_SYSTEM_ACTIONS, action);
/** A CALLERROR's code, or `other`. */
export const ocppErrorCodeLabel = (code: string | undefined) => bounded(OCPP_ERROR_CODES, code);
/** A payment provider's kind, or `other`. */
export const paymentProviderLabel = (kind: string) => bounded(PAYMENT_PROVIDERS, kind);
