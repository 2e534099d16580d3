import { and, asc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { CallParsedRequest, HelplineContact } from '@evc/contract';
import { csvField, quarterBounds } from '@evc/domain';
import { newId } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db/database.ts';
import { helplineContacts, type HelplineContactRow } from '../../platform/db/support-schema.ts';
import { validationError } from '../../platform/errors.ts';

const LISTED = 1000;

const viewOf = (row: HelplineContactRow): HelplineContact => ({
  id: row.id,
  at: row.contactedAt.toISOString(),
  staffId: row.staffId,
  subject: { kind: row.subjectKind, id: row.subjectId },
  channel: row.channel,
  actionTaken: row.actionTaken,
  resolution: row.resolution,
});

const CSV_COLUMNS = [
  'id',
  'contacted_at',
  'channel',
  'subject_kind',
  'subject_id',
  'action_taken',
  'resolution',
  'staff_id',
];

/**
 * The helpline log (regulation 9: a free, staffed 24-hour helpline where every contact is
 * recorded): each contact against a driver, a guest or a charger, listed and exported per quarter.
 */
export function createHelpline(deps: { db: Db; now: () => Date }) {
  const { db } = deps;

  function boundsOf(quarter: string) {
    const bounds = quarterBounds(quarter);
    if (!bounds) throw validationError('quarter', 'a quarter like 2026-Q4');
    return bounds;
  }

  async function list(filter: { quarter?: string; subject?: string }) {
    const where: SQL[] = [];
    if (filter.quarter) {
      const { from, to } = boundsOf(filter.quarter);
      where.push(gte(helplineContacts.contactedAt, from), lt(helplineContacts.contactedAt, to));
    }
    if (filter.subject) where.push(eq(helplineContacts.subjectId, filter.subject));
    return db
      .select()
      .from(helplineContacts)
      .where(and(...where))
      .orderBy(asc(helplineContacts.contactedAt), asc(helplineContacts.id))
      .limit(LISTED);
  }

  return {
    async record(
      staffId: string,
      input: CallParsedRequest<'consoleHelplineRecord'>,
    ): Promise<HelplineContact> {
      if (input.subject.kind !== 'none' && !input.subject.id)
        throw validationError('subject.id', `the ${input.subject.kind}'s id`);
      const at = input.at ? new Date(input.at) : deps.now();
      if (at.getTime() > deps.now().getTime() + 60_000)
        throw validationError('at', 'a contact cannot be in the future');
      const [row] = await db
        .insert(helplineContacts)
        .values({
          id: newId(),
          contactedAt: at,
          staffId,
          subjectKind: input.subject.kind,
          subjectId: input.subject.kind === 'none' ? null : (input.subject.id ?? null),
          channel: input.channel,
          actionTaken: input.actionTaken,
          resolution: input.resolution,
        })
        .returning();
      if (!row) throw new Error('helpline contact not recorded');
      return viewOf(row);
    },

    async list(filter: { quarter?: string; subject?: string }) {
      return { contacts: (await list(filter)).map(viewOf) };
    },

    /** Every contact of the quarter, oldest first, as CSV with a header line. */
    async exportCsv(quarter: string): Promise<string> {
      const { from, to } = boundsOf(quarter);
      const rows = await db
        .select()
        .from(helplineContacts)
        .where(and(gte(helplineContacts.contactedAt, from), lt(helplineContacts.contactedAt, to)))
        .orderBy(asc(helplineContacts.contactedAt), asc(helplineContacts.id));
      const lines = rows.map((row) =>
        [
          row.id,
          row.contactedAt.toISOString(),
          row.channel,
          row.subjectKind,
          row.subjectId ?? '',
          row.actionTaken,
          row.resolution,
          row.staffId,
        ]
          .map(csvField)
          .join(','),
      );
      return [CSV_COLUMNS.join(','), ...lines].join('\r\n') + '\r\n';
    },
  };
}

export type Helpline = ReturnType<typeof createHelpline>;
