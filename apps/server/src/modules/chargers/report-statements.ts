import { sql } from 'drizzle-orm';
import { executedRows, type Db } from '../../platform/db/database.ts';
import { chargers, connectorStatusHistory, connectors } from '../../platform/db/schema.ts';

/** What a write tells the charger lists: only what a live view shows changed. */
interface ChangeNotices {
  changedLive: (chargerId: string) => void;
}

/**
 * What a connected charger makes the node write, each in one round trip (ADR 0029, 0030): its
 * heartbeats and its status reports (its connection coming and going: node-statements.ts). Thousands of chargers
 * send these all the time; nothing here reads first and writes after.
 */
export function createReportStatements(db: Db, notices: ChangeNotices) {
  /**
   * Heartbeats are written together (group commit): while one write is in flight, those that
   * arrive wait and go in the next, one statement for all of them. A quiet node writes each at
   * once; a node taking a storm writes a few statements a second instead of one per charger.
   * A heartbeat is written only over the connection that owns its charger (ADR 0031).
   */
  interface Waiting {
    at: Date;
    epoch: number;
    written: Array<(outcome: boolean | Error) => void>;
  }
  let waiting = new Map<string, Waiting>();
  let writing = false;

  async function writeHeartbeats(): Promise<void> {
    if (writing || waiting.size === 0) return;
    writing = true;
    const batch = waiting;
    waiting = new Map();
    const ids = [...batch.keys()];
    const instants = [...batch.values()].map(({ at }) => at.toISOString());
    const epochs = [...batch.values()].map(({ epoch }) => String(epoch));
    let outcome: Set<string> | Error;
    try {
      const result = await db.execute(sql`
        UPDATE ${chargers} AS beating
        SET last_heartbeat_at = GREATEST(beating.last_heartbeat_at, heard.at)
        FROM unnest(${sql.param(ids)}::text[], ${sql.param(instants)}::timestamptz[],
          ${sql.param(epochs)}::bigint[]) AS heard(id, at, epoch)
        WHERE beating.id = heard.id AND beating.owner_epoch = heard.epoch
        RETURNING beating.id`);
      outcome = new Set((executedRows(result) as { id: string }[]).map((row) => row.id));
    } catch (error) {
      outcome = error instanceof Error ? error : new Error('heartbeats not written');
    } finally {
      writing = false;
    }
    for (const [id, { written }] of batch) {
      for (const done of written) done(outcome instanceof Error ? outcome : outcome.has(id));
    }
    void writeHeartbeats();
  }

  return {
    /**
     * A heartbeat heard over the connection `epoch`: once written, true; false when that
     * connection no longer owns the charger (nothing is written then).
     */
    heartbeat(chargerId: string, at: Date, epoch: number): Promise<boolean> {
      return new Promise((resolve, reject) => {
        const entry = waiting.get(chargerId) ?? { at, epoch, written: [] };
        entry.at = at > entry.at ? at : entry.at;
        // Two connections of one charger in a batch: the later one is the owner, if any is.
        entry.epoch = Math.max(entry.epoch, epoch);
        entry.written.push((outcome) =>
          outcome instanceof Error ? reject(outcome) : resolve(outcome && entry.epoch === epoch),
        );
        waiting.set(chargerId, entry);
        void writeHeartbeats();
      });
    },

    /** Records a reported status and, unless an older report arrives late, makes it current. */
    async recordStatus(report: {
      chargerId: string;
      connectorNumber: number;
      status: string;
      errorCode: string | null;
      reportedAt: Date;
    }): Promise<void> {
      // The report joins the history, and becomes the connector's status unless a later one is
      // already there (reports can arrive out of order). Connector 0 is the charger itself:
      // history only.
      const reportedAt = report.reportedAt.toISOString();
      const result = await db.execute(sql`
        WITH history AS (
          INSERT INTO ${connectorStatusHistory}
            (charger_id, connector_number, status, error_code, reported_at)
          VALUES (${report.chargerId}, ${report.connectorNumber}, ${report.status},
            ${report.errorCode}, ${reportedAt}::timestamptz)
        )
        UPDATE ${connectors}
        SET status = ${report.status}, error_code = ${report.errorCode},
          status_at = ${reportedAt}::timestamptz
        WHERE charger_id = ${report.chargerId} AND connector_number = ${report.connectorNumber}
          AND connector_number <> 0
          AND (status_at IS NULL OR status_at <= ${reportedAt}::timestamptz)
        RETURNING connector_number`);
      // Only a status that became current shows in the charger list; told once committed.
      if (executedRows(result).length > 0) notices.changedLive(report.chargerId);
    },
  };
}
