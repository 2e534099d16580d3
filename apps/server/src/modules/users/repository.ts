import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { users, type UserRow } from '../../platform/db/schema.ts';

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

    async update(id: string, patch: UserPatch): Promise<void> {
      await db
        .update(users)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(users.id, id));
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
