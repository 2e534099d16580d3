import { and, desc, eq, gte, inArray, isNotNull, lt, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import {
  chargers,
  chargingSessions,
  ocppMeterValues,
  type ChargingSessionRow,
  type OcppMeterValueRow,
} from '../../platform/db/schema.ts';

export interface HistoryQuery {
  userId: string;
  limit: number;
  /** true: charging or paused; false: finished; undefined: both. */
  active?: boolean;
  startedBefore?: Date;
  chargerId?: string;
}

export interface HistoryRow {
  session: ChargingSessionRow;
  charger: { name: string; city: string; postCode: string; barcode: string };
}

/** Read-only views of the driver's charging sessions: what they charged and where. */
export function createHistoryRepository(db: Db) {
  const chargerColumns = {
    name: chargers.name,
    city: chargers.city,
    postCode: chargers.postCode,
    barcode: chargers.barcode,
  };

  return {
    /** Sessions that started (never the rejected or still waiting ones), newest first. */
    async sessions(query: HistoryQuery): Promise<HistoryRow[]> {
      const conditions: SQL[] = [
        eq(chargingSessions.ownerId, query.userId),
        isNotNull(chargingSessions.startedAt),
      ];
      if (query.active === true)
        conditions.push(inArray(chargingSessions.state, ['charging', 'paused', 'pausedByVehicle']));
      else if (query.active === false) conditions.push(eq(chargingSessions.state, 'finished'));
      else
        conditions.push(
          inArray(chargingSessions.state, ['charging', 'paused', 'pausedByVehicle', 'finished']),
        );
      if (query.startedBefore) conditions.push(lt(chargingSessions.startedAt, query.startedBefore));
      if (query.chargerId) conditions.push(eq(chargingSessions.chargerId, query.chargerId));
      return db
        .select({ session: chargingSessions, charger: chargerColumns })
        .from(chargingSessions)
        .innerJoin(chargers, eq(chargers.id, chargingSessions.chargerId))
        .where(and(...conditions))
        .orderBy(desc(chargingSessions.startedAt), desc(chargingSessions.id))
        .limit(query.limit);
    },

    /** Finished sessions that started within [from, to]. */
    async finishedBetween(userId: string, from: Date, to: Date, chargerId?: string) {
      const conditions: SQL[] = [
        eq(chargingSessions.ownerId, userId),
        eq(chargingSessions.state, 'finished'),
        gte(chargingSessions.startedAt, from),
        lte(chargingSessions.startedAt, to),
      ];
      if (chargerId) conditions.push(eq(chargingSessions.chargerId, chargerId));
      return db
        .select()
        .from(chargingSessions)
        .where(and(...conditions))
        .orderBy(chargingSessions.startedAt);
    },

    /** The meter samples of several transactions at once, by transaction id. */
    async meterValues(transactionIds: number[]): Promise<Map<number, OcppMeterValueRow[]>> {
      const byTransaction = new Map<number, OcppMeterValueRow[]>();
      if (transactionIds.length === 0) return byTransaction;
      const rows = await db
        .select()
        .from(ocppMeterValues)
        .where(inArray(ocppMeterValues.transactionId, transactionIds))
        .orderBy(ocppMeterValues.sampledAt);
      for (const row of rows) {
        if (row.transactionId === null) continue;
        byTransaction.set(row.transactionId, [
          ...(byTransaction.get(row.transactionId) ?? []),
          row,
        ]);
      }
      return byTransaction;
    },
  };
}

export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
