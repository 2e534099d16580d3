import { sql, type SQL } from 'drizzle-orm';
import { executedRows, type Db } from '../../platform/db/database.ts';
import { chargers, connectorStatusHistory, connectors, nodes } from '../../platform/db/schema.ts';

/** What a node says of itself in its presence row (ADR 0031). */
export interface NodeAnnouncement {
  id: string;
  host: string;
  pid: number;
}

const leaseOf = (timeoutSeconds: number) => sql`now() + make_interval(secs => ${timeoutSeconds})`;

/**
 * The status-history lines of a charger gone Offline, one per connector of the chargers `which`
 * picks (a CTE's statement): what regulation 7's availability counts as time away.
 */
function offlineLines(which: SQL, at: Date): SQL {
  return sql`INSERT INTO ${connectorStatusHistory}
      (charger_id, connector_number, status, error_code, reported_at)
    SELECT charger_id, connector_number, 'Offline', NULL, ${at.toISOString()}::timestamptz
    FROM ${connectors}
    WHERE ${which} AND connector_number > 0`;
}

/**
 * The nodes' presence (ADR 0031): each node's lease in `nodes`, and which node holds each
 * charger's latest connection (`chargers.owner_node`, `owner_epoch`). Every time is the
 * database's, so the nodes' clocks never have to agree.
 */
export function createNodeStatements(
  db: Db,
  notices: { changedLive: (chargerId: string) => void },
) {
  /**
   * Removes the nodes `which` picks and marks their chargers Offline (the online flag, the owner,
   * each connector's line in the status history), in one statement: the row lock on a node's
   * presence lets exactly one caller, on any node, remove it and mark its chargers.
   */
  async function bury(which: SQL, at: Date): Promise<{ nodes: string[]; chargers: string[] }> {
    const result = await db.execute(sql`
      WITH dead AS (
        DELETE FROM ${nodes} WHERE ${which} RETURNING id
      ), gone AS (
        UPDATE ${chargers} SET online = false, owner_node = NULL, owner_epoch = NULL
        WHERE owner_node IN (SELECT id FROM dead) RETURNING id
      ), history AS (
        ${offlineLines(sql`charger_id IN (SELECT id FROM gone)`, at)}
      )
      SELECT 'node' AS kind, id FROM dead UNION ALL SELECT 'charger' AS kind, id FROM gone`);
    const rows = executedRows(result) as { kind: 'node' | 'charger'; id: string }[];
    const gone = rows.filter((row) => row.kind === 'charger').map((row) => row.id);
    for (const id of gone) notices.changedLive(id);
    return {
      nodes: rows.filter((row) => row.kind === 'node').map((row) => row.id),
      chargers: gone,
    };
  }

  return {
    /** A node starting: its lease runs for `timeoutSeconds` from now. */
    async announceNode(node: NodeAnnouncement, timeoutSeconds: number): Promise<void> {
      await db.execute(sql`
        INSERT INTO ${nodes} (id, host, pid, expires_at)
        VALUES (${node.id}, ${node.host}, ${node.pid}, ${leaseOf(timeoutSeconds)})`);
    },

    /** Renews a lease still running; false when it had run out (the node is dead to the others). */
    async renewNode(id: string, timeoutSeconds: number): Promise<boolean> {
      const result = await db.execute(sql`
        UPDATE ${nodes} SET renewed_at = now(), expires_at = ${leaseOf(timeoutSeconds)}
        WHERE id = ${id} AND expires_at > now() RETURNING id`);
      return executedRows(result).length > 0;
    },

    /**
     * A node whose lease ran out comes back as `node`: it takes over the chargers its old
     * incarnation still holds, none when another node marked them Offline first (the old row's
     * lock decides which came first). Answers the chargers it kept.
     */
    async reannounceNode(
      old: string,
      node: NodeAnnouncement,
      timeoutSeconds: number,
    ): Promise<string[]> {
      const result = await db.execute(sql`
        WITH old AS (
          DELETE FROM ${nodes} WHERE id = ${old} RETURNING id
        ), fresh AS (
          INSERT INTO ${nodes} (id, host, pid, expires_at)
          VALUES (${node.id}, ${node.host}, ${node.pid}, ${leaseOf(timeoutSeconds)})
        )
        UPDATE ${chargers} SET owner_node = ${node.id}
        WHERE owner_node IN (SELECT id FROM old) RETURNING id`);
      return (executedRows(result) as { id: string }[]).map((row) => row.id);
    },

    /** Every node whose lease has run out, removed, and its chargers Offline; by one caller. */
    buryExpiredNodes: (at: Date) => bury(sql`expires_at < now()`, at),

    /** A node leaving: its presence removed, and any charger it still holds Offline. */
    buryNode: (id: string, at: Date) => bury(sql`id = ${id}`, at),

    /**
     * A charger's new connection on `node` becomes its owner (a new epoch, greater than every
     * earlier connection's on any node), online, its connectors' last statuses in the history;
     * null when the node's lease has run out (it must announce itself again first). The lock on
     * the node's row keeps a node being buried from taking a charger meanwhile.
     */
    async claimCharger(
      chargerId: string,
      node: string,
      at: Date,
    ): Promise<{ epoch: number; flipped: boolean } | null> {
      const result = await db.execute(sql`
        WITH claimed AS (
          UPDATE ${chargers} SET online = true, owner_node = ${node},
            owner_epoch = nextval('charger_owner_epochs')
          WHERE id = ${chargerId} AND EXISTS (
            SELECT 1 FROM ${nodes} WHERE id = ${node} AND expires_at > now() FOR SHARE)
          RETURNING owner_epoch AS epoch,
            (SELECT previous.online FROM ${chargers} AS previous WHERE previous.id = ${chargerId})
              AS was
        ), history AS (
          INSERT INTO ${connectorStatusHistory}
            (charger_id, connector_number, status, error_code, reported_at)
          SELECT charger_id, connector_number, status, NULL, ${at.toISOString()}::timestamptz
          FROM ${connectors}
          WHERE charger_id = ${chargerId} AND connector_number > 0
            AND EXISTS (SELECT 1 FROM claimed)
        )
        SELECT epoch, was FROM claimed`);
      const [row] = executedRows(result) as { epoch: string | number; was: boolean }[];
      if (!row) return null;
      if (!row.was) notices.changedLive(chargerId);
      return { epoch: Number(row.epoch), flipped: !row.was };
    },

    /**
     * The connection `epoch` of a charger was lost: Offline, unless a later connection (on this
     * node or another) owns the charger now, in which case nothing is written.
     */
    async releaseCharger(chargerId: string, epoch: number, at: Date): Promise<boolean> {
      const result = await db.execute(sql`
        WITH released AS (
          UPDATE ${chargers} SET online = false, owner_node = NULL, owner_epoch = NULL
          WHERE id = ${chargerId} AND owner_epoch = ${epoch} RETURNING id
        ), history AS (
          ${offlineLines(sql`charger_id = ${chargerId} AND EXISTS (SELECT 1 FROM released)`, at)}
        )
        SELECT id FROM released`);
      const released = executedRows(result).length > 0;
      if (released) notices.changedLive(chargerId);
      return released;
    },
  };
}

/**
 * The live node holding a charger's latest connection, or null when none does (the charger is
 * offline, or its node stopped renewing its presence): where a command for it must go.
 */
export function createChargerOwners(db: Db) {
  return {
    liveOwnerOf: async (chargerId: string): Promise<string | null> => {
      const result = await db.execute(sql`
        SELECT ${chargers.ownerNode} AS node FROM ${chargers}
        JOIN ${nodes} ON ${nodes.id} = ${chargers.ownerNode} AND ${nodes.expiresAt} > now()
        WHERE ${chargers.id} = ${chargerId}`);
      const [row] = executedRows(result) as { node: string }[];
      return row?.node ?? null;
    },
  };
}

export type ChargerOwners = ReturnType<typeof createChargerOwners>;
