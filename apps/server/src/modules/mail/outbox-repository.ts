import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { outbox, type OutboxKind } from '../../platform/db/schema.ts';

export interface OutboxMessage {
  kind: OutboxKind;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface StoredOutboxMessage extends OutboxMessage {
  createdAt: Date;
}

export function createOutboxRepository(db: Db) {
  return {
    async add(message: OutboxMessage) {
      await db.insert(outbox).values({
        kind: message.kind,
        recipient: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html,
      });
    },

    /** Newest first. */
    async list(filter: { to?: string; limit?: number } = {}): Promise<StoredOutboxMessage[]> {
      const rows = await db
        .select()
        .from(outbox)
        .where(filter.to ? eq(outbox.recipient, filter.to) : undefined)
        .orderBy(desc(outbox.seq))
        .limit(filter.limit ?? 200);
      return rows.map((row) => ({
        kind: row.kind,
        to: row.recipient,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        createdAt: row.createdAt,
      }));
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
