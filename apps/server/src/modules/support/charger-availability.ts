import { and, asc, desc, eq, gt, gte, lt } from 'drizzle-orm';
import type { CallResponse } from '@evc/contract';
import {
  AVAILABILITY_WINDOW_DAYS,
  chargerAvailability,
  connectorAvailability,
  type StatusChange,
} from '@evc/domain';
import type { Db } from '../../platform/db/database.ts';
import { chargers, connectors, connectorStatusHistory } from '../../platform/db/schema.ts';

const DAY_MS = 86_400_000;
const key = (chargerId: string, connector: number) => `${chargerId}#${connector}`;

/**
 * Public chargers with their live status, last heartbeat and regulation 7 availability over the
 * last AVAILABILITY_WINDOW_DAYS days, from the connectors' status history (connector 0, the
 * charger as a whole, is not a connector a driver uses).
 */
export async function chargersWithAvailability(
  db: Db,
  now: Date,
): Promise<CallResponse<'consoleChargers'>> {
  const to = now;
  const from = new Date(to.getTime() - AVAILABILITY_WINDOW_DAYS * DAY_MS);
  const [chargerRows, connectorRows, changes, before] = await Promise.all([
    db.select().from(chargers).where(eq(chargers.home, false)).orderBy(asc(chargers.barcode)),
    db
      .select()
      .from(connectors)
      .where(gt(connectors.connectorNumber, 0))
      .orderBy(asc(connectors.connectorNumber)),
    db
      .select({
        chargerId: connectorStatusHistory.chargerId,
        connectorNumber: connectorStatusHistory.connectorNumber,
        status: connectorStatusHistory.status,
        at: connectorStatusHistory.reportedAt,
      })
      .from(connectorStatusHistory)
      .where(
        and(
          gte(connectorStatusHistory.reportedAt, from),
          lt(connectorStatusHistory.reportedAt, to),
        ),
      ),
    // Each connector's status when the window opens: its last report before it.
    db
      .selectDistinctOn(
        [connectorStatusHistory.chargerId, connectorStatusHistory.connectorNumber],
        {
          chargerId: connectorStatusHistory.chargerId,
          connectorNumber: connectorStatusHistory.connectorNumber,
          status: connectorStatusHistory.status,
        },
      )
      .from(connectorStatusHistory)
      .where(lt(connectorStatusHistory.reportedAt, from))
      .orderBy(
        connectorStatusHistory.chargerId,
        connectorStatusHistory.connectorNumber,
        desc(connectorStatusHistory.reportedAt),
        desc(connectorStatusHistory.id),
      ),
  ]);
  // Grouped once: a month of a network's history is many rows.
  const changesOf = new Map<string, StatusChange[]>();
  for (const change of changes) {
    const k = key(change.chargerId, change.connectorNumber);
    const list = changesOf.get(k) ?? [];
    if (list.length === 0) changesOf.set(k, list);
    list.push({ status: change.status, at: change.at });
  }
  const connectorsOf = new Map<string, (typeof connectorRows)[number][]>();
  for (const connector of connectorRows) {
    const list = connectorsOf.get(connector.chargerId) ?? [];
    if (list.length === 0) connectorsOf.set(connector.chargerId, list);
    list.push(connector);
  }
  const beforeOf = new Map(
    before.map((row) => [key(row.chargerId, row.connectorNumber), row.status]),
  );
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    chargers: chargerRows.map((charger) => {
      const own = connectorsOf.get(charger.id) ?? [];
      const availability = chargerAvailability(
        own.map((connector) =>
          connectorAvailability({
            from,
            to,
            before: beforeOf.get(key(charger.id, connector.connectorNumber)) ?? null,
            changes: changesOf.get(key(charger.id, connector.connectorNumber)) ?? [],
          }),
        ),
      );
      return {
        id: charger.id,
        barcode: charger.barcode,
        name: charger.name,
        online: charger.online,
        lastHeartbeatAt: charger.lastHeartbeatAt?.toISOString() ?? null,
        connectors: own.map((connector) => ({
          connectorId: connector.connectorNumber,
          status: charger.online ? connector.status : 'Offline',
        })),
        availability: availability.percent,
        workingMs: availability.workingMs,
        downMs: availability.downMs,
      };
    }),
  };
}
