import { and, eq, inArray, isNull, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { TOP_UP_UNFINISHED_STATUSES } from '@evc/domain';
import { paymentIntents, users, type UserRow } from '../../platform/db/schema.ts';

export type NewUser = typeof users.$inferInsert;
export type UserPatch = Partial<Omit<NewUser, 'id' | 'createdAt'>>;

export function createUserRepository(db: Db) {
  // Every signed-in call reads its account: built once, and prepared by PostgreSQL once per
  // connection (ADR 0030).
  const byId = db
    .select()
    .from(users)
    .where(and(eq(users.id, sql.placeholder('id')), isNull(users.deletedAt)))
    .prepare('users_by_id');
  return {
    /** The live (not deleted) account with this e-mail address. */
    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.email, email), isNull(users.deletedAt)));
      return row;
    },

    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await byId.execute({ id });
      return row;
    },

    async isHrCodeTaken(hrCode: string): Promise<boolean> {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.hrCode, hrCode));
      return rows.length > 0;
    },

    async insert(user: NewUser): Promise<void> {
      await db.insert(users).values(user);
    },

    /**
     * Applies the patch unless it changes the currency while money is held in the current one
     * (issue 19): a balance other than zero, or a top-up whose money may still arrive. One statement, so a
     * top-up landing meanwhile cannot slip in between the check and the change. False: refused,
     * nothing changed.
     */
    async updateKeepingBalanceCurrency(id: string, patch: UserPatch): Promise<boolean> {
      const currency = patch.currencyCode;
      const keepsCurrency = currency === undefined ? sql`true` : eq(users.currencyCode, currency);
      const changed = await db
        .update(users)
        .set({ ...patch, updatedAt: new Date() })
        .where(
          and(
            eq(users.id, id),
            or(
              keepsCurrency,
              and(
                eq(users.balanceMinor, 0),
                notExists(
                  db
                    .select({ id: paymentIntents.id })
                    .from(paymentIntents)
                    .where(
                      and(
                        eq(paymentIntents.userId, id),
                        eq(paymentIntents.purpose, 'topup'),
                        inArray(paymentIntents.status, [...TOP_UP_UNFINISHED_STATUSES]),
                      ),
                    ),
                ),
              ),
            ),
          ),
        )
        .returning({ id: users.id });
      return changed.length > 0;
    },

    async update(id: string, patch: UserPatch): Promise<void> {
      await db
        .update(users)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(users.id, id));
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
