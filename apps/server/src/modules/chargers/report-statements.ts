import { sql } from 'drizzle-orm';
import { executedRows, type Db } from '../../platform/db/database.ts';
import { chargers, connectorStatusHistory, connectors } from '../../platform/db/schema.ts';

/** What a write tells the charger lists: the listing changed, or only what a live view shows. */
interface ChangeNotices {
  changed: (chargerId: string) => void;
  changedLive: (chargerId: string) => void;
}

/**
 * What a connected charger makes the node write, each in one round trip (ADR 0029, 0030): its
 * connection coming and going, its heartbeats and its status reports. Thousands of chargers
 * send these all the time; nothing here reads first and writes after.
 */
export function createReportStatements(db: Db, notices: ChangeNotices) {
  /**
   * Heartbeats are written together (group commit): while one write is in flight, those that
   * arrive wait and go in the next, one statement for all of them. A quiet node writes each at
   * once; a node taking a storm writes a few statements a second instead of one per charger.
   */
  let waiting = new Map<string, { at: Date; written: Array<(error?: Error) => void> }>();
  let writing = false;

  async function writeHeartbeats(): Promise<void> {
    if (writing || waiting.size === 0) return;
    writing = true;
    const batch = waiting;
    waiting = new Map();
    const ids = [...batch.keys()];
    const instants = [...batch.values()].map(({ at }) => at.toISOString());
    let failure: Error | undefined;
    try {
      // A sub-select sees the statement's starting snapshot: `was` is the flag before this
      // update, telling whether it flipped.
      const result = await db.execute(sql`
        UPDATE ${chargers} AS beating
        SET last_heartbeat_at = GREATEST(beating.last_heartbeat_at, heard.at), online = true
        FROM unnest(${sql.param(ids)}::text[], ${sql.param(instants)}::timestamptz[])
          AS heard(id, at)
        WHERE beating.id = heard.id
        RETURNING beating.id,
          (SELECT previous.online FROM ${chargers} AS previous WHERE previous.id = beating.id) AS was`);
      for (const row of executedRows(result) as { id: string; was: boolean }[]) {
        if (!row.was) notices.changedLive(row.id);
      }
    } catch (error) {
      failure = error instanceof Error ? error : new Error('heartbeats not written');
    } finally {
      writing = false;
    }
    for (const { written } of batch.values()) for (const done of written) done(failure);
    void writeHeartbeats();
  }

  return {
    /** A heartbeat: when it was heard, and online (announced when that flipped); once written. */
    heartbeat(chargerId: string, at: Date): Promise<void> {
      return new Promise((resolve, reject) => {
        const entry = waiting.get(chargerId) ?? { at, written: [] };
        entry.at = at > entry.at ? at : entry.at;
        entry.written.push((error) => (error === undefined ? resolve() : reject(error)));
        waiting.set(chargerId, entry);
        void writeHeartbeats();
      });
    },

    /**
     * A charger connected or lost its socket: the online flag (announced when it flipped) and
     * its connectors' line in the status history (regulation 7 availability: each connector
     * Offline while it is away, its last reported status again once it is back).
     */
    async connection(chargerId: string, online: boolean, at: Date): Promise<void> {
      try {
        const result = await db.execute(sql`
          WITH flipped AS (
            UPDATE ${chargers} SET online = ${online}
            WHERE id = ${chargerId} AND online <> ${online} RETURNING id
          ), history AS (
            INSERT INTO ${connectorStatusHistory}
              (charger_id, connector_number, status, error_code, reported_at)
            SELECT charger_id, connector_number,
              CASE WHEN ${online} THEN status ELSE 'Offline' END, NULL,
              ${at.toISOString()}::timestamptz
            FROM ${connectors} WHERE charger_id = ${chargerId} AND connector_number > 0
          )
          SELECT id FROM flipped`);
        if (executedRows(result).length > 0) notices.changedLive(chargerId);
      } catch (error) {
        notices.changed(chargerId);
        throw error;
      }
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
