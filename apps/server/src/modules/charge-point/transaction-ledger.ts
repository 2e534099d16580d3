import { and, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import {
  idTags,
  ocppAuthorizeAttempts,
  ocppMeterValues,
  ocppTransactions,
  type OcppMeterValueRow,
  type OcppTransactionRow,
} from '../../platform/db/schema.ts';

export interface TransactionStart {
  chargerId: string;
  connectorNumber: number;
  idTag: string;
  userId: string | null;
  /** The guest the remote start was issued for, when a guest started it. */
  guestId?: string | null;
  meterStartWh: number;
  startedAt: Date;
}

export interface TransactionStop {
  transactionId: number;
  chargerId: string;
  meterStopWh: number;
  stoppedAt: Date;
  reason: string | null;
}

export interface MeterSample {
  chargerId: string;
  connectorNumber: number;
  transactionId: number | null;
  energyWh: number | null;
  powerW: number | null;
  socPercent: number | null;
  sampledAt: Date;
}

/**
 * The OCPP transaction ledger: what chargers report of their transactions and meter values, the
 * id tags issued to start them, and every Authorize attempt. A driver's session links to it.
 */
export function createTransactionLedger(db: Db) {
  // A driver's calls read these on every look at a charger or a session: built and prepared once
  // (ADR 0030).
  const transactionById = db
    .select()
    .from(ocppTransactions)
    .where(eq(ocppTransactions.transactionId, sql.placeholder('transactionId')))
    .prepare('ocpp_transactions_by_id');
  const runningOnCharger = db
    .selectDistinct({ connectorNumber: ocppTransactions.connectorNumber })
    .from(ocppTransactions)
    .where(
      and(
        eq(ocppTransactions.chargerId, sql.placeholder('chargerId')),
        isNull(ocppTransactions.stoppedAt),
      ),
    )
    .prepare('ocpp_transactions_running_on_charger');
  const meterValuesOf = db
    .select()
    .from(ocppMeterValues)
    .where(eq(ocppMeterValues.transactionId, sql.placeholder('transactionId')))
    .orderBy(ocppMeterValues.sampledAt)
    .prepare('ocpp_meter_values_of_transaction');
  const byId = async (transactionId: number) =>
    (await transactionById.execute({ transactionId }))[0];

  return {
    findById: byId,

    /**
     * Starts a transaction, or finds the one a replayed StartTransaction started already (same
     * charger, connector, start time and meter start). `created` is false for a replay.
     */
    async start(input: TransactionStart): Promise<{ row: OcppTransactionRow; created: boolean }> {
      const inserted = await db
        .insert(ocppTransactions)
        .values(input)
        .onConflictDoNothing()
        .returning();
      if (inserted[0]) return { row: inserted[0], created: true };
      const [existing] = await db
        .select()
        .from(ocppTransactions)
        .where(
          and(
            eq(ocppTransactions.chargerId, input.chargerId),
            eq(ocppTransactions.connectorNumber, input.connectorNumber),
            eq(ocppTransactions.startedAt, input.startedAt),
            eq(ocppTransactions.meterStartWh, input.meterStartWh),
          ),
        );
      if (!existing) throw new Error('transaction vanished between insert and read');
      return { row: existing, created: false };
    },

    /**
     * Stops a transaction of this charger once: a second stop changes nothing (`changed` false).
     * Undefined when the charger has no transaction of that id.
     */
    async stop(
      input: TransactionStop,
    ): Promise<{ row: OcppTransactionRow; changed: boolean } | undefined> {
      return db.transaction(async (tx) => {
        const which = and(
          eq(ocppTransactions.transactionId, input.transactionId),
          eq(ocppTransactions.chargerId, input.chargerId),
        );
        const [current] = await tx.select().from(ocppTransactions).where(which).for('update');
        if (!current) return undefined;
        if (current.stoppedAt) return { row: current, changed: false };
        const [row] = await tx
          .update(ocppTransactions)
          .set({
            meterStopWh: input.meterStopWh,
            stoppedAt: input.stoppedAt,
            stopReason: input.reason,
          })
          .where(which)
          .returning();
        return { row: row ?? current, changed: true };
      });
    },

    /** The first transaction started with an id tag as issued (stored upper-case), if any. */
    async firstWithTag(idTag: string): Promise<OcppTransactionRow | undefined> {
      const [row] = await db
        .select()
        .from(ocppTransactions)
        .where(sql`upper(${ocppTransactions.idTag}) = ${idTag}`)
        .orderBy(ocppTransactions.transactionId)
        .limit(1);
      return row;
    },

    /**
     * Records that nobody pays for this transaction (its card start was Blocked), so a replayed
     * StartTransaction is answered the same without asking for a hold again (ADR 0012).
     */
    async refusePayment(transactionId: number): Promise<void> {
      await db
        .update(ocppTransactions)
        .set({ paymentStatus: 'refused' })
        .where(eq(ocppTransactions.transactionId, transactionId));
    },

    /** Stores meter samples, a replayed sample (same transaction and time) once. */
    async addMeterValues(samples: MeterSample[]): Promise<number> {
      if (samples.length === 0) return 0;
      const rows = await db
        .insert(ocppMeterValues)
        .values(samples)
        .onConflictDoNothing()
        .returning({ id: ocppMeterValues.id });
      return rows.length;
    },

    async meterValues(transactionId: number): Promise<OcppMeterValueRow[]> {
      return meterValuesOf.execute({ transactionId });
    },

    /** The numbers of a charger's connectors on which a transaction runs, in one read. */
    async runningConnectors(chargerId: string): Promise<ReadonlySet<number>> {
      const rows = await runningOnCharger.execute({ chargerId });
      return new Set(rows.map((row) => row.connectorNumber));
    },

    async ongoing(chargerId: string, connectorNumber: number) {
      return db
        .select()
        .from(ocppTransactions)
        .where(
          and(
            eq(ocppTransactions.chargerId, chargerId),
            eq(ocppTransactions.connectorNumber, connectorNumber),
            isNull(ocppTransactions.stoppedAt),
          ),
        )
        .orderBy(desc(ocppTransactions.startedAt));
    },

    async forCharger(chargerId: string): Promise<OcppTransactionRow[]> {
      return db
        .select()
        .from(ocppTransactions)
        .where(eq(ocppTransactions.chargerId, chargerId))
        .orderBy(ocppTransactions.transactionId);
    },

    async issueTag(
      idTag: string,
      userId: string | null,
      kind: 'remote' | 'rfid',
      guestId: string | null = null,
    ) {
      await db.insert(idTags).values({ idTag, userId, guestId, kind }).onConflictDoNothing();
    },

    /** OCPP 1.6 compares idTags without case; issued and linked tags are stored upper-case. */
    async findTag(idTag: string) {
      const [exact] = await db.select().from(idTags).where(eq(idTags.idTag, idTag));
      if (exact || idTag === idTag.toUpperCase()) return exact;
      return (await db.select().from(idTags).where(eq(idTags.idTag, idTag.toUpperCase())))[0];
    },

    async recordAuthorize(attempt: {
      chargerId: string;
      idTag: string;
      status: string;
      attemptedAt: Date;
    }) {
      await db.insert(ocppAuthorizeAttempts).values(attempt);
    },

    /** Attempts with a given status at a charger since a time, newest first. */
    async authorizeAttempts(chargerId: string, status: string, since: Date) {
      return db
        .select()
        .from(ocppAuthorizeAttempts)
        .where(
          and(
            eq(ocppAuthorizeAttempts.chargerId, chargerId),
            eq(ocppAuthorizeAttempts.status, status),
            gte(ocppAuthorizeAttempts.attemptedAt, since),
          ),
        )
        .orderBy(desc(ocppAuthorizeAttempts.attemptedAt), desc(ocppAuthorizeAttempts.id));
    },
  };
}

export type TransactionLedger = ReturnType<typeof createTransactionLedger>;
