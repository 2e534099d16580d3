import { and, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import {
  balanceMovements,
  chargers,
  chargingSessions,
  connectors,
  guests,
  outbox,
  paymentCards,
  rfidCards,
  sessionPayments,
  userGroupMembers,
  userGroups,
  users,
  type ChargingSessionRow,
  type GuestRow,
  type SessionPaymentRow,
  type UserRow,
} from '../../platform/db/schema.ts';

const FOUND_LIMIT = 50;
const SESSIONS_SHOWN = 100;
const MOVEMENTS_SHOWN = 100;
const EMAILS_SHOWN = 50;

/** `%text%` for ILIKE, with the text's own wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** What the console reads of drivers and guests: across modules, read only. */
export function createSupportRepository(db: Db) {
  return {
    /** Users by e-mail, name, phone or HRCode; guests by guest code or receipt address. */
    async find(query: string): Promise<{ users: UserRow[]; guests: GuestRow[] }> {
      const like = containing(query);
      const digits = query.replace(/\D/g, '');
      const foundUsers = await db
        .select()
        .from(users)
        .where(
          and(
            isNull(users.deletedAt),
            or(
              ilike(users.email, like),
              ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
              eq(sql`upper(${users.hrCode})`, query.toUpperCase()),
              digits.length >= 4
                ? sql`regexp_replace(${users.phoneNumber}, '\\D', '', 'g') LIKE ${`%${digits}%`}`
                : undefined,
            ),
          ),
        )
        .orderBy(users.email)
        .limit(FOUND_LIMIT);
      const foundGuests = await db
        .select()
        .from(guests)
        .where(
          or(
            eq(sql`upper(${guests.code})`, query.toUpperCase()),
            eq(guests.email, query.toLowerCase()),
          ),
        )
        .orderBy(desc(guests.createdAt))
        .limit(FOUND_LIMIT);
      return { users: foundUsers, guests: foundGuests };
    },

    async user(id: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, id), isNull(users.deletedAt)));
      return row;
    },

    async guest(id: string): Promise<GuestRow | undefined> {
      const [row] = await db.select().from(guests).where(eq(guests.id, id));
      return row;
    },

    async session(id: string): Promise<ChargingSessionRow | undefined> {
      const [row] = await db.select().from(chargingSessions).where(eq(chargingSessions.id, id));
      return row;
    },

    /** A driver's sessions, newest first, with their payments. */
    async sessionsOf(
      ownerId: string,
    ): Promise<{ session: ChargingSessionRow; payment: SessionPaymentRow | null }[]> {
      const rows = await db
        .select({ session: chargingSessions, payment: sessionPayments })
        .from(chargingSessions)
        .leftJoin(sessionPayments, eq(sessionPayments.sessionId, chargingSessions.id))
        .where(eq(chargingSessions.ownerId, ownerId))
        .orderBy(desc(chargingSessions.createdAt))
        .limit(SESSIONS_SHOWN);
      return rows;
    },

    async connector(chargerId: string, connectorNumber: number) {
      const [row] = await db
        .select({ online: chargers.online, status: connectors.status })
        .from(connectors)
        .innerJoin(chargers, eq(chargers.id, connectors.chargerId))
        .where(
          and(eq(connectors.chargerId, chargerId), eq(connectors.connectorNumber, connectorNumber)),
        );
      return row;
    },

    async paymentOf(sessionId: string): Promise<SessionPaymentRow | null> {
      const [row] = await db
        .select()
        .from(sessionPayments)
        .where(eq(sessionPayments.sessionId, sessionId));
      return row ?? null;
    },

    cards(ownerId: string) {
      return db
        .select({
          brand: paymentCards.brand,
          last4: paymentCards.last4,
          source: paymentCards.source,
          isDefault: paymentCards.isDefault,
        })
        .from(paymentCards)
        .where(eq(paymentCards.ownerId, ownerId))
        .orderBy(desc(paymentCards.isDefault), paymentCards.createdAt);
    },

    movements(userId: string) {
      return db
        .select()
        .from(balanceMovements)
        .where(eq(balanceMovements.userId, userId))
        .orderBy(desc(balanceMovements.createdAt))
        .limit(MOVEMENTS_SHOWN);
    },

    rfidCards(userId: string) {
      return db
        .select()
        .from(rfidCards)
        .where(eq(rfidCards.userId, userId))
        .orderBy(rfidCards.createdAt);
    },

    groups(userId: string) {
      return db
        .select({ id: userGroups.id, name: userGroups.name, joinedAt: userGroupMembers.joinedAt })
        .from(userGroupMembers)
        .innerJoin(userGroups, eq(userGroups.id, userGroupMembers.groupId))
        .where(eq(userGroupMembers.userId, userId))
        .orderBy(userGroupMembers.joinedAt);
    },

    /** What the outbox holds for these addresses (mail sent over SMTP is not kept). */
    emails(addresses: readonly string[]) {
      if (addresses.length === 0) return Promise.resolve([]);
      return db
        .select({ subject: outbox.subject, kind: outbox.kind, at: outbox.createdAt })
        .from(outbox)
        .where(inArray(outbox.recipient, [...addresses]))
        .orderBy(desc(outbox.seq))
        .limit(EMAILS_SHOWN);
    },
  };
}

export type SupportRepository = ReturnType<typeof createSupportRepository>;
