import { and, asc, eq, gt, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { createNodeStatements } from './node-statements.ts';
import { createReportStatements } from './report-statements.ts';
import {
  chargers,
  connectorStatusHistory,
  connectors,
  type ChargerRow,
  type ConnectorRow,
} from '../../platform/db/schema.ts';

export type NewCharger = typeof chargers.$inferInsert;
export type NewConnector = Omit<typeof connectors.$inferInsert, 'chargerId'>;

export interface ChargerWithConnectors {
  charger: ChargerRow;
  connectors: ConnectorRow[];
}

/** The costs of a tariff stored before it carried its free flag (absent fields are null). */
export interface UnflaggedTariffCosts {
  standard_rate: number | null;
  alternate_rate: number | null;
  connection_cost: number | null;
  costperperiod: number | null;
  overstaycostperperiod: number | null;
  /** The distinct half-hourly rates of a variable tariff, null without one. */
  period_rates: number[] | null;
}

/** A public charger as /listChargers needs it: its columns, tariff costs and connectors. */
export interface ListedChargerRow {
  id: string;
  barcode: string;
  name: string;
  lat: number;
  lon: number;
  address: string;
  city: string;
  postCode: string;
  online: boolean;
  /** spec 001 §5 as stored with the tariff, or its costs on a row written without the flag. */
  free: boolean | UnflaggedTariffCosts;
  /** [connector number, type, status, maximum kW] by connector number. */
  connectors: [number, string, string, number][] | null;
}

/**
 * What a write to chargers or connectors changed, for caches built from them (the charger list):
 * `live` is a charger's online flag or a connector status; `listing` is anything else it shows (a
 * charger added, changed or removed). A cache patches a named charger in by reading it again;
 * `chargerId` null is many chargers at once, which calls for reading the list again.
 */
export type ChargerChange =
  { scope: 'live'; chargerId: string } | { scope: 'listing'; chargerId: string | null };

/**
 * Who hears the writes made through any repository on one database (the seed, each app in tests,
 * the benchmark): every write goes through this repository.
 */
const watchers = new WeakMap<Db, Set<(change: ChargerChange) => void>>();

/** Calls `listener` after every write to chargers or connectors on `db`; answers the stop. */
export function watchChargerChanges(db: Db, listener: (change: ChargerChange) => void): () => void {
  let set = watchers.get(db);
  if (!set) watchers.set(db, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

/** Charger columns the charger list shows (`online` is handled on its own). */
const LISTED_COLUMNS = new Set<string>([
  'barcode',
  'name',
  'lat',
  'lon',
  'address',
  'city',
  'postCode',
  'tariff',
  'home',
]);

export function createChargerRepository(db: Db) {
  const tell = (change: ChargerChange) => {
    for (const listener of watchers.get(db) ?? []) listener(change);
  };
  const changed = (chargerId: string | null = null) => tell({ scope: 'listing', chargerId });
  const changedLive = (chargerId: string) => tell({ scope: 'live', chargerId });

  // A driver's calls read a charger by id or barcode with its connectors: one prepared
  // statement each (ADR 0030).
  const withItsConnectors = (where: SQL) =>
    db
      .select({ charger: chargers, connector: connectors })
      .from(chargers)
      .leftJoin(connectors, eq(connectors.chargerId, chargers.id))
      .where(where)
      .orderBy(asc(connectors.connectorNumber));
  const chargerById = withItsConnectors(eq(chargers.id, sql.placeholder('id'))).prepare(
    'chargers_by_id',
  );
  const chargerByBarcode = withItsConnectors(
    eq(chargers.barcode, sql.placeholder('barcode')),
  ).prepare('chargers_by_barcode');
  // Every charger's handshake reads its row by its identity.
  const chargerByIdentity = db
    .select()
    .from(chargers)
    .where(eq(chargers.chargePointId, sql.placeholder('chargePointId')))
    .prepare('chargers_by_charge_point_id');
  const oneWithConnectors = (
    rows: { charger: ChargerRow; connector: ConnectorRow | null }[],
  ): ChargerWithConnectors | undefined =>
    rows[0] && {
      charger: rows[0].charger,
      connectors: rows.flatMap(({ connector }) => (connector ? [connector] : [])),
    };

  async function withConnectors(rows: ChargerRow[]): Promise<ChargerWithConnectors[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const all = await db
      .select()
      .from(connectors)
      .where(inArray(connectors.chargerId, ids))
      .orderBy(asc(connectors.connectorNumber));
    const byCharger = new Map<string, ConnectorRow[]>();
    for (const connector of all) {
      const own = byCharger.get(connector.chargerId);
      if (own) own.push(connector);
      else byCharger.set(connector.chargerId, [connector]);
    }
    return rows.map((charger) => ({ charger, connectors: byCharger.get(charger.id) ?? [] }));
  }

  /**
   * A charger's connection in its connectors' status history (regulation 7 availability): each
   * connector Offline while it is away, and its last reported status again once it is back, as a
   * charger that reconnects without booting sends no StatusNotification.
   */
  async function recordConnectivity(chargerIds: string[], online: boolean, at: Date) {
    if (chargerIds.length === 0) return;
    const rows = await db
      .select({
        chargerId: connectors.chargerId,
        connectorNumber: connectors.connectorNumber,
        status: connectors.status,
      })
      .from(connectors)
      .where(and(inArray(connectors.chargerId, chargerIds), gt(connectors.connectorNumber, 0)));
    if (rows.length === 0) return;
    await db.insert(connectorStatusHistory).values(
      rows.map((row) => ({
        chargerId: row.chargerId,
        connectorNumber: row.connectorNumber,
        status: online ? row.status : 'Offline',
        errorCode: null,
        reportedAt: at,
      })),
    );
  }

  return {
    /** Calls `listener` after every write to chargers or connectors on this database. */
    watch: (listener: (change: ChargerChange) => void) => watchChargerChanges(db, listener),

    /** Adds a charger and its connectors together; false when its id or barcode is taken. */
    async insert(charger: NewCharger, list: NewConnector[]): Promise<boolean> {
      return db
        .transaction(async (tx) => {
          const added = await tx
            .insert(chargers)
            .values(charger)
            .onConflictDoNothing()
            .returning({ id: chargers.id });
          if (added.length !== 1) return false;
          await tx
            .insert(connectors)
            .values(list.map((connector) => ({ ...connector, chargerId: charger.id })));
          return true;
        })
        .finally(() => changed(charger.id));
    },

    /**
     * Adds many chargers and their connectors in a few statements (the demo network, benchmarks);
     * rows whose id or barcode is taken are skipped with their connectors. Answers how many were added.
     */
    async insertMany(list: { charger: NewCharger; connectors: NewConnector[] }[]): Promise<number> {
      if (list.length === 0) return 0;
      return db
        .transaction(async (tx) => {
          const added = new Set(
            (
              await tx
                .insert(chargers)
                .values(list.map((item) => item.charger))
                .onConflictDoNothing()
                .returning({ id: chargers.id })
            ).map((row) => row.id),
          );
          const rows = list
            .filter((item) => added.has(item.charger.id))
            .flatMap((item) =>
              item.connectors.map((connector) => ({ ...connector, chargerId: item.charger.id })),
            );
          if (rows.length > 0) await tx.insert(connectors).values(rows);
          return added.size;
        })
        .finally(() => changed());
    },

    async update(id: string, changes: Partial<NewCharger>, list?: NewConnector[]): Promise<void> {
      await db
        .transaction(async (tx) => {
          if (Object.keys(changes).length > 0)
            await tx.update(chargers).set(changes).where(eq(chargers.id, id));
          if (list) {
            const current = await tx.select().from(connectors).where(eq(connectors.chargerId, id));
            await tx.delete(connectors).where(eq(connectors.chargerId, id));
            // A connector that stays keeps its last reported status.
            await tx.insert(connectors).values(
              list.map((connector) => {
                const kept = current.find(
                  (row) => row.connectorNumber === connector.connectorNumber,
                );
                return {
                  ...connector,
                  chargerId: id,
                  status: kept?.status ?? 'Unknown',
                  errorCode: kept?.errorCode ?? null,
                  statusAt: kept?.statusAt ?? null,
                };
              }),
            );
          }
        })
        .finally(() => changed(id));
    },

    async remove(id: string): Promise<boolean> {
      const removed = await db
        .delete(chargers)
        .where(eq(chargers.id, id))
        .returning({ id: chargers.id })
        .finally(() => changed(id));
      return removed.length === 1;
    },

    async findById(id: string): Promise<ChargerWithConnectors | undefined> {
      return oneWithConnectors(await chargerById.execute({ id }));
    },

    async findByBarcode(barcode: string): Promise<ChargerWithConnectors | undefined> {
      return oneWithConnectors(await chargerByBarcode.execute({ barcode }));
    },

    async findByChargePointId(chargePointId: string): Promise<ChargerRow | undefined> {
      const [row] = await chargerByIdentity.execute({ chargePointId });
      return row;
    },

    async list(): Promise<ChargerWithConnectors[]> {
      return withConnectors(await db.select().from(chargers).orderBy(asc(chargers.barcode)));
    },

    async isBarcodeTaken(barcode: string, exceptId?: string): Promise<boolean> {
      const [row] = await db
        .select({ id: chargers.id })
        .from(chargers)
        .where(eq(chargers.barcode, barcode));
      return row !== undefined && row.id !== exceptId;
    },

    async isChargePointIdTaken(chargePointId: string, exceptId?: string): Promise<boolean> {
      const [row] = await db
        .select({ id: chargers.id })
        .from(chargers)
        .where(eq(chargers.chargePointId, chargePointId));
      return row !== undefined && row.id !== exceptId;
    },

    async markAllOffline(at: Date): Promise<void> {
      const gone = await db
        .update(chargers)
        .set({ online: false, ownerNode: null, ownerEpoch: null })
        .where(eq(chargers.online, true))
        .returning({ id: chargers.id })
        .finally(() => changed());
      await recordConnectivity(
        gone.map((row) => row.id),
        false,
        at,
      );
    },

    /**
     * With several nodes, a node starting leaves alone the chargers a node holds (the others' go
     * Offline when their presence lapses, ADR 0031): it marks offline only those online with no
     * owner (written before owners were kept) that have not booted nor beaten since `silentSince`.
     */
    async markSilentOffline(silentSince: Date, at: Date): Promise<void> {
      const gone = await db
        .update(chargers)
        .set({ online: false })
        .where(
          and(
            eq(chargers.online, true),
            isNull(chargers.ownerNode),
            sql`coalesce(greatest(${chargers.lastHeartbeatAt}, ${chargers.lastBootAt}), '-infinity') < ${silentSince}`,
          ),
        )
        .returning({ id: chargers.id })
        .finally(() => changed());
      await recordConnectivity(
        gone.map((row) => row.id),
        false,
        at,
      );
    },

    recordConnectivity,

    /**
     * Heartbeats call this every minute per charger with `online: true`; only a change the
     * charger list shows (a flip of `online`, a listed column) moves the version on.
     */
    async setCharger(id: string, changes: Partial<NewCharger>): Promise<void> {
      const { online, ...rest } = changes;
      const changing = Object.keys(rest).length > 0;
      const listed = Object.keys(rest).some((column) => LISTED_COLUMNS.has(column));
      try {
        if (online === undefined) {
          if (!changing) return;
          await db.update(chargers).set(rest).where(eq(chargers.id, id));
          if (listed) changed(id);
          return;
        }
        if (!changing) {
          const flipped = await db
            .update(chargers)
            .set({ online })
            .where(and(eq(chargers.id, id), ne(chargers.online, online)))
            .returning({ id: chargers.id });
          if (flipped.length > 0) changedLive(id);
          return;
        }
        // A boot: one statement. A sub-select sees the statement's starting
        // snapshot, so `was` is the flag before this update, telling whether it flipped.
        const [row] = await db
          .update(chargers)
          .set({ ...rest, online })
          .where(eq(chargers.id, id))
          .returning({
            // Drizzle writes a column of the updated table unqualified here: named in full.
            was: sql<boolean>`(SELECT previous.online FROM ${chargers} AS previous
              WHERE previous.id = ${sql.identifier('chargers')}.id)`,
          });
        if (listed) changed(id);
        if (row && row.was !== online) changedLive(id);
      } catch (error) {
        changed(id);
        throw error;
      }
    },

    /**
     * Public chargers (home chargers are private) with their connectors, ordered by barcode:
     * every one, a page of `limit` after the barcode `after`, or those of `ids`. One query:
     * connectors are aggregated in SQL and the tariff is cut down to its stored free flag; only a
     * row written without the flag has its costs and half-hourly rates read.
     */
    async listPublic(
      select: { after?: string; limit?: number; ids?: string[] } = {},
    ): Promise<ListedChargerRow[]> {
      return db.transaction(async (tx) => {
        // The sub-selects' cost estimates make PostgreSQL compile this query to machine code
        // (JIT), which takes longer than the query itself; PGlite has no JIT and takes the setting.
        await tx.execute(sql`SET LOCAL jit = off`);
        const query = tx
          .select({
            id: chargers.id,
            barcode: chargers.barcode,
            name: chargers.name,
            lat: chargers.lat,
            lon: chargers.lon,
            address: chargers.address,
            city: chargers.city,
            postCode: chargers.postCode,
            online: chargers.online,
            // One read of the tariff per row: a variable tariff is large, and every `->` on it
            // unpacks it again.
            free: sql<boolean | UnflaggedTariffCosts>`coalesce(${chargers.tariff}->'free',
            jsonb_build_object(
              'standard_rate', ${chargers.tariff}->'standard_rate',
              'alternate_rate', ${chargers.tariff}->'alternate_rate',
              'connection_cost', ${chargers.tariff}->'connection_cost',
              'costperperiod', ${chargers.tariff}->'costperperiod',
              'overstaycostperperiod', ${chargers.tariff}->'overstaycostperperiod',
              'period_rates', (SELECT jsonb_agg(DISTINCT rate.value) FROM jsonb_path_query(
                ${chargers.tariff}, '$.variability.regular_hours[*].periods[*].standard_rate'
              ) AS rate(value))))`,
            connectors: sql<[number, string, string, number][] | null>`(
            SELECT json_agg(json_build_array(k.connector_number, k.type, k.status, k.max_power_kw)
              ORDER BY k.connector_number)
            FROM ${connectors} AS k WHERE k.charger_id = ${chargers.id})`,
          })
          .from(chargers)
          .where(
            and(
              eq(chargers.home, false),
              select.after === undefined ? undefined : gt(chargers.barcode, select.after),
              select.ids === undefined ? undefined : inArray(chargers.id, select.ids),
            ),
          )
          .orderBy(asc(chargers.barcode));
        return select.limit === undefined ? query : query.limit(select.limit);
      });
    },

    ...createReportStatements(db, { changedLive }),
    ...createNodeStatements(db, { changedLive }),
  };
}

export type ChargerRepository = ReturnType<typeof createChargerRepository>;
