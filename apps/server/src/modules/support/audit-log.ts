import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import {
  supportAudit,
  type AuditTargetKind,
  type SupportAuditRow,
} from '../../platform/db/support-schema.ts';

export interface AuditEntry {
  staffId: string;
  action: string;
  target: { kind: AuditTargetKind; id: string | null };
  reason: string | null;
  detail?: string;
  masquerade?: boolean;
  outcome?: string;
}

/**
 * The support audit log (issue 18): what staff did, and every call made with a masquerade token.
 * Only appended to and read: there is no update nor delete here, and the database refuses them.
 */
export function createAuditLog(db: Db, now: () => Date) {
  return {
    async append(entry: AuditEntry): Promise<void> {
      await db.insert(supportAudit).values({
        at: now(),
        staffId: entry.staffId,
        action: entry.action,
        targetKind: entry.target.kind,
        targetId: entry.target.id,
        reason: entry.reason,
        detail: entry.detail ?? null,
        masquerade: entry.masquerade ?? false,
        outcome: entry.outcome ?? 'done',
      });
    },

    /** Newest first; those about one target when given. */
    list(filter: { target?: string; limit?: number }): Promise<SupportAuditRow[]> {
      const where: SQL[] = [];
      if (filter.target) where.push(eq(supportAudit.targetId, filter.target));
      return db
        .select()
        .from(supportAudit)
        .where(and(...where))
        .orderBy(desc(supportAudit.id))
        .limit(filter.limit ?? 100);
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
