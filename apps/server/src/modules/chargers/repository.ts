import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
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

export function createChargerRepository(db: Db) {
  async function withConnectors(rows: ChargerRow[]): Promise<ChargerWithConnectors[]> {
    if (rows.length === 0) return [];
    const all = await db
      .select()
      .from(connectors)
      .where(
        inArray(
          connectors.chargerId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(connectors.connectorNumber));
    return rows.map((charger) => ({
      charger,
      connectors: all.filter((connector) => connector.chargerId === charger.id),
    }));
  }

  return {
    /** Adds a charger and its connectors together; false when its id or barcode is taken. */
    async insert(charger: NewCharger, list: NewConnector[]): Promise<boolean> {
      return db.transaction(async (tx) => {
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
      });
    },

    async update(id: string, changes: Partial<NewCharger>, list?: NewConnector[]): Promise<void> {
      await db.transaction(async (tx) => {
        if (Object.keys(changes).length > 0)
          await tx.update(chargers).set(changes).where(eq(chargers.id, id));
        if (list) {
          const current = await tx.select().from(connectors).where(eq(connectors.chargerId, id));
          await tx.delete(connectors).where(eq(connectors.chargerId, id));
          // A connector that stays keeps its last reported status.
          await tx.insert(connectors).values(
            list.map((connector) => {
              const kept = current.find((row) => row.connectorNumber === connector.connectorNumber);
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
      });
    },

    async remove(id: string): Promise<boolean> {
      const removed = await db
        .delete(chargers)
        .where(eq(chargers.id, id))
        .returning({ id: chargers.id });
      return removed.length === 1;
    },

    async findById(id: string): Promise<ChargerWithConnectors | undefined> {
      return (await withConnectors(await db.select().from(chargers).where(eq(chargers.id, id))))[0];
    },

    async findByBarcode(barcode: string): Promise<ChargerWithConnectors | undefined> {
      return (
        await withConnectors(await db.select().from(chargers).where(eq(chargers.barcode, barcode)))
      )[0];
    },

    async findByChargePointId(chargePointId: string): Promise<ChargerRow | undefined> {
      const [row] = await db
        .select()
        .from(chargers)
        .where(eq(chargers.chargePointId, chargePointId));
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

    async markAllOffline(): Promise<void> {
      await db.update(chargers).set({ online: false }).where(eq(chargers.online, true));
    },

    async setCharger(id: string, changes: Partial<NewCharger>): Promise<void> {
      await db.update(chargers).set(changes).where(eq(chargers.id, id));
    },

    /** Records a reported status and, unless an older report arrives late, makes it current. */
    async recordStatus(report: {
      chargerId: string;
      connectorNumber: number;
      status: string;
      errorCode: string | null;
      reportedAt: Date;
    }): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(connectorStatusHistory).values(report);
        if (report.connectorNumber === 0) return;
        const which = and(
          eq(connectors.chargerId, report.chargerId),
          eq(connectors.connectorNumber, report.connectorNumber),
        );
        const [current] = await tx.select().from(connectors).where(which);
        if (!current) return;
        if (current.statusAt && current.statusAt > report.reportedAt) return;
        await tx
          .update(connectors)
          .set({ status: report.status, errorCode: report.errorCode, statusAt: report.reportedAt })
          .where(which);
      });
    },
  };
}

export type ChargerRepository = ReturnType<typeof createChargerRepository>;
