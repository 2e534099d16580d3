import { and, desc, eq, gte, inArray, isNotNull, lt, lte, or, type SQL } from 'drizzle-orm';
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
  /** The page goes on after this session (newest first): started before it, or at the same instant with a smaller id. */
  after?: { startedAt: Date; id?: string };
  chargerId?: string;
}

export interface HistoryRow {
  session: ChargingSessionRow;
  charger: HistoryCharger;
}

export interface HistoryCharger {
  name: string;
  city: string;
  postCode: string;
  barcode: string;
  country: string;
  home: boolean;
  homeTariff: unknown;
}

/**
 * Whose sessions a reader sees: their own; with `chargerId`, at a home charger they adopted,
 * every session there since they adopted it (theirs and their household's RFID cards', issue 16).
 * Never another charger's other sessions, nor those from before the adoption.
 */
function readableSessions(userId: string, chargerId: string | undefined): SQL {
  const own = eq(chargingSessions.ownerId, userId);
  if (!chargerId) return own;
  const atOwnHomeCharger = and(
    eq(chargers.home, true),
    eq(chargers.ownerId, userId),
    isNotNull(chargers.adoptedAt),
    gte(chargingSessions.createdAt, chargers.adoptedAt),
  ) as SQL;
  return and(eq(chargingSessions.chargerId, chargerId), or(own, atOwnHomeCharger)) as SQL;
}

/** Read-only views of the driver's charging sessions: what they charged and where. */
export function createHistoryRepository(db: Db) {
  const chargerColumns = {
    name: chargers.name,
    city: chargers.city,
    postCode: chargers.postCode,
    barcode: chargers.barcode,
    country: chargers.country,
    home: chargers.home,
    homeTariff: chargers.homeTariff,
  };

  return {
    /** Sessions that started (never the rejected or still waiting ones), newest first. */
    async sessions(query: HistoryQuery): Promise<HistoryRow[]> {
      const conditions: SQL[] = [
        readableSessions(query.userId, query.chargerId),
        isNotNull(chargingSessions.startedAt),
      ];
      if (query.active === true)
        conditions.push(inArray(chargingSessions.state, ['charging', 'paused', 'pausedByVehicle']));
      else if (query.active === false) conditions.push(eq(chargingSessions.state, 'finished'));
      else
        conditions.push(
          inArray(chargingSessions.state, ['charging', 'paused', 'pausedByVehicle', 'finished']),
        );
      const { after } = query;
      if (after?.id !== undefined) {
        // Keyset paging on the order below: ties on the start instant are split by id.
        const tie = and(
          eq(chargingSessions.startedAt, after.startedAt),
          lt(chargingSessions.id, after.id),
        );
        conditions.push(or(lt(chargingSessions.startedAt, after.startedAt), tie) as SQL);
      } else if (after) conditions.push(lt(chargingSessions.startedAt, after.startedAt));
      return db
        .select({ session: chargingSessions, charger: chargerColumns })
        .from(chargingSessions)
        .innerJoin(chargers, eq(chargers.id, chargingSessions.chargerId))
        .where(and(...conditions))
        .orderBy(desc(chargingSessions.startedAt), desc(chargingSessions.id))
        .limit(query.limit);
    },

    /** Finished sessions that started within [from, to], with their charger. */
    async finishedBetween(
      userId: string,
      from: Date,
      to: Date,
      chargerId?: string,
    ): Promise<HistoryRow[]> {
      return db
        .select({ session: chargingSessions, charger: chargerColumns })
        .from(chargingSessions)
        .innerJoin(chargers, eq(chargers.id, chargingSessions.chargerId))
        .where(
          and(
            readableSessions(userId, chargerId),
            eq(chargingSessions.state, 'finished'),
            gte(chargingSessions.startedAt, from),
            lte(chargingSessions.startedAt, to),
          ),
        )
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
