import {
  and,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  lt,
  lte,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
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
function readableSessions(
  userId: string | Placeholder,
  chargerId: string | Placeholder | undefined,
): SQL {
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

  /**
   * The history query of one shape (with or without a charger, which sessions, how it pages),
   * with its values as placeholders: built and prepared once per shape, as the history is read
   * on every visit to its page (ADR 0030).
   */
  function historyQuery(shape: {
    atCharger: boolean;
    active: boolean | undefined;
    after: 'none' | 'instant' | 'instantAndId';
  }) {
    const conditions: SQL[] = [
      readableSessions(
        sql.placeholder('userId'),
        shape.atCharger ? sql.placeholder('chargerId') : undefined,
      ),
      isNotNull(chargingSessions.startedAt),
    ];
    if (shape.active === true)
      conditions.push(inArray(chargingSessions.state, ['charging', 'paused', 'pausedByVehicle']));
    else if (shape.active === false) conditions.push(eq(chargingSessions.state, 'finished'));
    else
      conditions.push(
        inArray(chargingSessions.state, ['charging', 'paused', 'pausedByVehicle', 'finished']),
      );
    const afterInstant = sql.placeholder('afterStartedAt');
    if (shape.after === 'instantAndId') {
      // Keyset paging on the order below: ties on the start instant are split by id.
      const tie = and(
        eq(chargingSessions.startedAt, afterInstant),
        lt(chargingSessions.id, sql.placeholder('afterId')),
      );
      conditions.push(or(lt(chargingSessions.startedAt, afterInstant), tie) as SQL);
    } else if (shape.after === 'instant')
      conditions.push(lt(chargingSessions.startedAt, afterInstant));
    return db
      .select({ session: chargingSessions, charger: chargerColumns })
      .from(chargingSessions)
      .innerJoin(chargers, eq(chargers.id, chargingSessions.chargerId))
      .where(and(...conditions))
      .orderBy(desc(chargingSessions.startedAt), desc(chargingSessions.id))
      .limit(sql.placeholder('limit'))
      .prepare(
        `history_${shape.atCharger ? 'charger' : 'own'}_${String(shape.active)}_${shape.after}`,
      );
  }
  const historyQueries = new Map<string, ReturnType<typeof historyQuery>>();
  const samplesOfTransactions = db
    .select()
    .from(ocppMeterValues)
    .where(sql`${ocppMeterValues.transactionId} = any(${sql.placeholder('ids')}::integer[])`)
    .orderBy(ocppMeterValues.sampledAt)
    .prepare('ocpp_meter_values_of_transactions');

  return {
    /** Sessions that started (never the rejected or still waiting ones), newest first. */
    async sessions(query: HistoryQuery): Promise<HistoryRow[]> {
      const { after } = query;
      const shape = {
        atCharger: query.chargerId !== undefined,
        active: query.active,
        after: !after ? 'none' : after.id === undefined ? 'instant' : 'instantAndId',
      } as const;
      const key = JSON.stringify(shape);
      let prepared = historyQueries.get(key);
      if (!prepared) {
        prepared = historyQuery(shape);
        historyQueries.set(key, prepared);
      }
      return prepared.execute({
        userId: query.userId,
        chargerId: query.chargerId,
        afterStartedAt: after?.startedAt,
        afterId: after?.id,
        limit: query.limit,
      });
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
      const rows = await samplesOfTransactions.execute({ ids: transactionIds });
      for (const row of rows) {
        if (row.transactionId === null) continue;
        const samples = byTransaction.get(row.transactionId);
        if (samples) samples.push(row);
        else byTransaction.set(row.transactionId, [row]);
      }
      return byTransaction;
    },
  };
}

export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
