// Drizzle's view of the support tables of migrations/0018_support.sql (issue 18).
import { bigserial, boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type AuditTargetKind = 'user' | 'guest' | 'charger' | 'session' | 'none';

/** Append-only: a trigger refuses UPDATE and DELETE. */
export const supportAudit = pgTable('support_audit', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: timestamptz('at').notNull().defaultNow(),
  staffId: text('staff_id').notNull(),
  action: text('action').notNull(),
  targetKind: text('target_kind').$type<AuditTargetKind>().notNull(),
  targetId: text('target_id'),
  reason: text('reason'),
  detail: text('detail'),
  masquerade: boolean('masquerade').notNull().default(false),
  outcome: text('outcome').notNull().default('done'),
});
export type SupportAuditRow = typeof supportAudit.$inferSelect;

export const paymentRefunds = pgTable('payment_refunds', {
  id: text('id').primaryKey(),
  sessionId: text('session_id').notNull(),
  ownerId: text('owner_id').notNull(),
  intentId: text('intent_id'),
  amountMinor: integer('amount_minor').notNull(),
  currency: text('currency').notNull(),
  reason: text('reason').notNull(),
  staffId: text('staff_id').notNull(),
  providerRefundId: text('provider_refund_id'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});
export type PaymentRefundRow = typeof paymentRefunds.$inferSelect;

export type HelplineSubjectKind = 'user' | 'guest' | 'charger' | 'none';
export type HelplineChannel = 'phone' | 'email' | 'chat' | 'app' | 'other';

export const helplineContacts = pgTable('helpline_contacts', {
  id: text('id').primaryKey(),
  contactedAt: timestamptz('contacted_at').notNull(),
  staffId: text('staff_id').notNull(),
  subjectKind: text('subject_kind').$type<HelplineSubjectKind>().notNull(),
  subjectId: text('subject_id'),
  channel: text('channel').$type<HelplineChannel>().notNull(),
  actionTaken: text('action_taken').notNull(),
  resolution: text('resolution').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});
export type HelplineContactRow = typeof helplineContacts.$inferSelect;
