import type {
  ConnectorStatusHook,
  MeterSampleHook,
  TransactionStartedHook,
  TransactionStoppedHook,
} from '../sessions/charger-reports.ts';

/** How message handlers log: details first, as pino takes them. */
export interface OcppLog {
  error: (details: object, message: string) => void;
  warn: (details: object, message: string) => void;
  info: (details: object, message: string) => void;
  debug: (details: object, message: string) => void;
}

/**
 * What the charging sessions do with what a charger reports, called once it is stored. Replays
 * call them again: they must take a message twice as once.
 */
export interface TransactionHooks {
  transactionStarted(tx: TransactionStartedHook): Promise<'Blocked' | null>;
  /** Samples of one charger: its own transaction's, or of none. */
  metered(samples: MeterSampleHook[]): Promise<void>;
  transactionStopped(tx: TransactionStoppedHook): Promise<void>;
  connectorStatus(report: ConnectorStatusHook): Promise<void>;
  /** Whether a driver's RFID card may start a charge here now (it must be paid for). */
  cardStatus?(input: { chargerId: string; userId: string }): Promise<'Accepted' | 'Blocked'>;
}

/** A report's own time when it carries a valid one (late messages keep their order), else now. */
export function reportedAt(timestamp: string | undefined, now: Date): Date {
  const parsed = timestamp ? new Date(timestamp) : null;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed : now;
}

/** What the handlers of one charger's messages work with. */
export interface MessageContext {
  /** The charger the connection is of: every message is taken as this charger's. */
  chargerId: string;
  /** The charging sessions, told of starts, samples, stops and statuses. */
  sessions?: TransactionHooks;
  now: () => Date;
  log: OcppLog;
}

/** A session's trouble must not cost the charger its answer: it is logged instead. */
export async function tellSessions<T>(
  context: MessageContext,
  work: (hooks: TransactionHooks) => Promise<T>,
): Promise<T | undefined> {
  if (!context.sessions) return undefined;
  return work(context.sessions).catch((error: unknown) => {
    context.log.warn({ error: String(error) }, 'charging session not updated');
    return undefined;
  });
}
