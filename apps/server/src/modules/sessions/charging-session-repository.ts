import { and, desc, eq, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import {
  chargers,
  chargingSessions,
  connectors,
  ocppMeterValues,
  type ChargingSessionRow,
  type ChargingSessionState,
} from '../../platform/db/schema.ts';

export type NewChargingSession = typeof chargingSessions.$inferInsert;
export type ChargingSessionPatch = Partial<
  Omit<NewChargingSession, 'id' | 'userId' | 'guestId' | 'createdAt'>
>;

/** States of a session that may still draw power or start to. */
const OPEN_STATES: ChargingSessionState[] = ['pending', 'charging', 'paused', 'pausedByVehicle'];
const LIVE_STATES: ChargingSessionState[] = ['charging', 'paused', 'pausedByVehicle'];

/** The driver's charging sessions. Every change that must happen once is a conditional update. */
export function createChargingSessionRepository(db: Db) {
  const first = (rows: ChargingSessionRow[]) => rows[0];
  const sessionsWhere = (condition: SQL | undefined) =>
    db.select().from(chargingSessions).where(condition);
  /** Changes the session when it still meets `condition`; undefined when it no longer does. */
  const updateIf = async (id: string, patch: ChargingSessionPatch, condition?: SQL) =>
    first(
      await db
        .update(chargingSessions)
        .set({ ...patch, updatedAt: new Date() })
        .where(
          condition ? and(eq(chargingSessions.id, id), condition) : eq(chargingSessions.id, id),
        )
        .returning(),
    );
  // The look-ups of a driver's screens and of a charger's reports: built and prepared once
  // (ADR 0030).
  const byId = sessionsWhere(eq(chargingSessions.id, sql.placeholder('id'))).prepare(
    'charging_sessions_by_id',
  );
  const byTransactionId = sessionsWhere(
    eq(chargingSessions.transactionId, sql.placeholder('transactionId')),
  ).prepare('charging_sessions_by_transaction');
  const latestOfOwner = sessionsWhere(eq(chargingSessions.ownerId, sql.placeholder('ownerId')))
    .orderBy(desc(chargingSessions.createdAt))
    .limit(1)
    .prepare('charging_sessions_latest_of_owner');
  const openOfOwner = sessionsWhere(
    and(
      eq(chargingSessions.ownerId, sql.placeholder('ownerId')),
      inArray(chargingSessions.state, OPEN_STATES),
    ),
  )
    .orderBy(desc(chargingSessions.createdAt))
    .prepare('charging_sessions_open_of_owner');
  // Every status a charger reports asks for the sessions on its connector.
  const onConnector = and(
    eq(chargingSessions.chargerId, sql.placeholder('chargerId')),
    eq(chargingSessions.connectorNumber, sql.placeholder('connectorNumber')),
  );
  const openOnTheConnector = sessionsWhere(
    and(onConnector, inArray(chargingSessions.state, OPEN_STATES)),
  )
    .orderBy(desc(chargingSessions.createdAt))
    .prepare('charging_sessions_open_on_connector');
  const waitingForUnplug = and(
    eq(chargingSessions.state, 'finished'),
    eq(chargingSessions.awaitingUnplug, true),
  );
  const awaitingUnplugOnTheConnector = sessionsWhere(and(waitingForUnplug, onConnector)).prepare(
    'charging_sessions_awaiting_unplug_on_connector',
  );
  const reportedOnTheConnector = sessionsWhere(
    and(onConnector, or(inArray(chargingSessions.state, OPEN_STATES), waitingForUnplug)),
  )
    .orderBy(desc(chargingSessions.createdAt))
    .prepare('charging_sessions_reported_on_connector');

  return {
    async insert(session: NewChargingSession): Promise<ChargingSessionRow> {
      const [row] = await db.insert(chargingSessions).values(session).returning();
      if (!row) throw new Error('could not record the session');
      return row;
    },

    async findById(id: string) {
      return first(await byId.execute({ id }));
    },

    async findByTransactionId(transactionId: number) {
      return first(await byTransactionId.execute({ transactionId }));
    },

    /** The newest session of a user or a guest. */
    async latestForOwner(ownerId: string) {
      return first(await latestOfOwner.execute({ ownerId }));
    },

    async openForOwner(ownerId: string) {
      return openOfOwner.execute({ ownerId });
    },

    /**
     * What a connector's status report may change, in one read: the sessions open on it and
     * those finished there waiting for the unplug, newest first.
     */
    async openOrAwaitingUnplugOn(chargerId: string, connectorNumber: number) {
      return reportedOnTheConnector.execute({ chargerId, connectorNumber });
    },

    async openOnConnector(chargerId: string, connectorNumber: number) {
      return openOnTheConnector.execute({ chargerId, connectorNumber });
    },

    /** The newest session on the connector, whoever's. */
    async latestOnConnector(chargerId: string, connectorNumber: number) {
      return first(
        await sessionsWhere(
          and(
            eq(chargingSessions.chargerId, chargerId),
            eq(chargingSessions.connectorNumber, connectorNumber),
          ),
        )
          .orderBy(desc(chargingSessions.createdAt))
          .limit(1),
      );
    },

    /** Pending sessions whose charger never started them in time. */
    async overduePending(now: Date) {
      return sessionsWhere(
        and(
          eq(chargingSessions.state, 'pending'),
          isNull(chargingSessions.transactionId),
          lt(chargingSessions.startDeadline, now),
        ),
      );
    },

    /** Changes a session that is still charging, paused or waiting; a finished one stays as it is. */
    updateOpen: (id: string, patch: ChargingSessionPatch) =>
      updateIf(id, patch, inArray(chargingSessions.state, OPEN_STATES)),

    /**
     * Ends an open session of a charger that went away, only if it is still silent since
     * `silentSince` and its charger's ledger holds no reading above `meterStopWh` for it: a meter
     * value received after the sweep read the session leaves it open, to be ended on that value.
     */
    endIfStillSilent: (
      row: Pick<ChargingSessionRow, 'id' | 'chargerId' | 'transactionId'>,
      silentSince: Date,
      patch: ChargingSessionPatch & { meterStopWh: number },
    ) =>
      updateIf(
        row.id,
        patch,
        and(
          inArray(chargingSessions.state, OPEN_STATES),
          sql`COALESCE(${chargingSessions.lastReportAt}, ${chargingSessions.startedAt}, ${chargingSessions.createdAt}) < ${silentSince.toISOString()}`,
          row.transactionId === null
            ? undefined
            : sql`NOT EXISTS (SELECT 1 FROM ${ocppMeterValues} WHERE ${ocppMeterValues.chargerId} = ${row.chargerId} AND ${ocppMeterValues.transactionId} = ${row.transactionId} AND ${ocppMeterValues.energyWh} > ${patch.meterStopWh})`,
        ),
      ),

    /** The highest energy reading a charger's ledger holds for one of its transactions. */
    async lastMeteredWh(chargerId: string, transactionId: number): Promise<number | null> {
      const [row] = await db
        .select({ energyWh: sql<string | number | null>`MAX(${ocppMeterValues.energyWh})` })
        .from(ocppMeterValues)
        .where(
          and(
            eq(ocppMeterValues.chargerId, chargerId),
            eq(ocppMeterValues.transactionId, transactionId),
          ),
        );
      return row?.energyWh === null || row?.energyWh === undefined ? null : Number(row.energyWh);
    },

    /** Changes a session that draws or may draw power (linked to a transaction, not finished). */
    updateLive: (id: string, patch: ChargingSessionPatch) =>
      updateIf(id, patch, inArray(chargingSessions.state, LIVE_STATES)),

    update: (id: string, patch: ChargingSessionPatch) => updateIf(id, patch),

    /** Rejects a session the charger never started; undefined when it started meanwhile. */
    async rejectPending(id: string) {
      return first(
        await db
          .update(chargingSessions)
          .set({ state: 'rejected', updatedAt: new Date() })
          .where(
            and(
              eq(chargingSessions.id, id),
              eq(chargingSessions.state, 'pending'),
              isNull(chargingSessions.transactionId),
            ),
          )
          .returning(),
      );
    },

    /** Links the session that issued `idTag` at this charger to the transaction it started, once. */
    async linkTransaction(
      idTag: string,
      chargerId: string,
      link: { transactionId: number; startedAt: Date; meterStartWh: number; lastReportAt: Date },
    ) {
      return first(
        await db
          .update(chargingSessions)
          .set({
            ...link,
            lastEnergyWh: link.meterStartWh,
            state: 'charging',
            updatedAt: new Date(),
          })
          .where(
            and(
              eq(chargingSessions.idTag, idTag),
              eq(chargingSessions.chargerId, chargerId),
              eq(chargingSessions.state, 'pending'),
              isNull(chargingSessions.transactionId),
            ),
          )
          .returning(),
      );
    },

    async findByIdTag(idTag: string) {
      return first(await sessionsWhere(eq(chargingSessions.idTag, idTag)));
    },

    /** True for the one caller allowed to settle the session's payment (its first attempt). */
    async claimSettlement(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(chargingSessions)
        .set({
          settlementClaimedAt: at,
          settlementAttempts: sql`${chargingSessions.settlementAttempts} + 1`,
          settlementRetryAt: null,
        })
        .where(
          and(
            eq(chargingSessions.id, id),
            isNull(chargingSessions.settlementClaimedAt),
            eq(chargingSessions.awaitingUnplug, false),
          ),
        )
        .returning({ id: chargingSessions.id });
      return rows.length === 1;
    },

    /**
     * True for the one caller allowed to try a settlement again: the attempt count it read is
     * still the session's, so two sweeping nodes cannot both take it.
     */
    async reclaimSettlement(id: string, at: Date, attemptsSeen: number): Promise<boolean> {
      const rows = await db
        .update(chargingSessions)
        .set({
          settlementClaimedAt: at,
          settlementAttempts: attemptsSeen + 1,
          settlementRetryAt: null,
        })
        .where(
          and(
            eq(chargingSessions.id, id),
            eq(chargingSessions.settlementAttempts, attemptsSeen),
            eq(chargingSessions.awaitingUnplug, false),
          ),
        )
        .returning({ id: chargingSessions.id });
      return rows.length === 1;
    },

    /**
     * Finished sessions whose settlement is due again: never claimed (a crash between finishing
     * and claiming), claimed before `staleBefore` and still without a result (a crash or a hang
     * mid-settlement), or failed for a transient reason and due for a retry. At most
     * `maxAttempts` attempts each.
     */
    async settlementsDue(now: Date, staleBefore: Date, maxAttempts: number) {
      return sessionsWhere(
        and(
          eq(chargingSessions.state, 'finished'),
          inArray(chargingSessions.paymentStatus, ['none', 'held', 'failed']),
          eq(chargingSessions.awaitingUnplug, false),
          lt(chargingSessions.settlementAttempts, maxAttempts),
          or(
            and(
              isNull(chargingSessions.settlementClaimedAt),
              lt(chargingSessions.updatedAt, staleBefore),
            ),
            and(
              inArray(chargingSessions.paymentStatus, ['none', 'held']),
              lt(chargingSessions.settlementClaimedAt, staleBefore),
            ),
            and(
              eq(chargingSessions.paymentStatus, 'failed'),
              lte(chargingSessions.settlementRetryAt, now),
            ),
          ),
        ),
      );
    },

    /** Finished sessions waiting for their cable to come out, on one connector or anywhere. */
    async awaitingUnplug(on?: { chargerId: string; connectorNumber: number }) {
      return on ? awaitingUnplugOnTheConnector.execute(on) : sessionsWhere(waitingForUnplug);
    },

    /** Changes a session still waiting for its unplug (its overstay so far). */
    updateAwaitingUnplug: (id: string, patch: ChargingSessionPatch) =>
      updateIf(id, patch, eq(chargingSessions.awaitingUnplug, true)),

    /** Ends the wait for the unplug once; undefined when another caller ended it first. */
    endUnplugWait: (id: string, patch: ChargingSessionPatch) =>
      updateIf(id, { ...patch, awaitingUnplug: false }, eq(chargingSessions.awaitingUnplug, true)),

    /**
     * Started sessions not heard of since `silentSince`, with what their charger and connector
     * last said: the candidates of the abandoned-session rule (`isSessionAbandoned`).
     */
    async silentSince(silentSince: Date) {
      const lastHeard = sql<Date>`COALESCE(${chargingSessions.lastReportAt}, ${chargingSessions.startedAt}, ${chargingSessions.createdAt})`;
      return db
        .select({
          session: chargingSessions,
          chargerOnline: chargers.online,
          connectorStatus: connectors.status,
        })
        .from(chargingSessions)
        .innerJoin(chargers, eq(chargers.id, chargingSessions.chargerId))
        .leftJoin(
          connectors,
          and(
            eq(connectors.chargerId, chargingSessions.chargerId),
            eq(connectors.connectorNumber, chargingSessions.connectorNumber),
          ),
        )
        .where(
          and(
            inArray(chargingSessions.state, LIVE_STATES),
            sql`${lastHeard} < ${silentSince.toISOString()}`,
          ),
        );
    },

    /** Records the StopTransaction of a session ended without it, once; undefined after that. */
    recordLateStop: (id: string, patch: ChargingSessionPatch) =>
      updateIf(
        id,
        patch,
        and(
          eq(chargingSessions.state, 'finished'),
          isNotNull(chargingSessions.endReason),
          isNull(chargingSessions.lateStopAt),
        ),
      ),

    /** True for the one caller allowed to send the automatic receipt. */
    async claimReceipt(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(chargingSessions)
        .set({ receiptSentAt: at })
        .where(and(eq(chargingSessions.id, id), isNull(chargingSessions.receiptSentAt)))
        .returning({ id: chargingSessions.id });
      return rows.length === 1;
    },
  };
}

export type ChargingSessionRepository = ReturnType<typeof createChargingSessionRepository>;

/** How many sessions are in each state that has not ended (every such state, 0 included). */
export async function countOpenSessionsByState(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .select({ state: chargingSessions.state, count: sql<number>`count(*)::int` })
    .from(chargingSessions)
    .where(inArray(chargingSessions.state, OPEN_STATES))
    .groupBy(chargingSessions.state);
  const counts: Record<string, number> = Object.fromEntries(OPEN_STATES.map((state) => [state, 0]));
  for (const row of rows) counts[row.state] = row.count;
  return counts;
}
