import { and, asc, desc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import {
  mfaCodes,
  mfaMethods,
  type MfaCodePurpose,
  type MfaMethodName,
  type MfaMethodRow,
} from '../../platform/db/schema.ts';

export interface MfaCodeRecord {
  id: string;
  codeHash: string;
  attempts: number;
  expiresAt: Date;
}

export function createMfaRepository(db: Db) {
  // The account's data lists its second factors on every read: built and prepared once.
  const verified = db
    .select()
    .from(mfaMethods)
    .where(and(eq(mfaMethods.userId, sql.placeholder('userId')), isNotNull(mfaMethods.verifiedAt)))
    .orderBy(asc(mfaMethods.createdAt))
    .prepare('mfa_methods_verified');
  return {
    /** Verified methods, oldest first. */
    verifiedMethods(userId: string): Promise<MfaMethodRow[]> {
      return verified.execute({ userId });
    },

    async findMethod(userId: string, method: MfaMethodName): Promise<MfaMethodRow | undefined> {
      const [row] = await db
        .select()
        .from(mfaMethods)
        .where(and(eq(mfaMethods.userId, userId), eq(mfaMethods.method, method)));
      return row;
    },

    /** Starts (or restarts) setting up a method; an already verified one stays usable meanwhile. */
    async savePending(
      userId: string,
      method: MfaMethodName,
      pending: { destination: string | null; totpSecret: string | null },
    ) {
      const existing = await this.findMethod(userId, method);
      if (!existing) {
        await db.insert(mfaMethods).values({ userId, method, ...pending });
        return;
      }
      await db
        .update(mfaMethods)
        .set(existing.verifiedAt ? pending : { ...pending, totpLastStep: null })
        .where(and(eq(mfaMethods.userId, userId), eq(mfaMethods.method, method)));
    },

    async markVerified(userId: string, method: MfaMethodName, at: Date, makeDefault: boolean) {
      await db
        .update(mfaMethods)
        .set({ verifiedAt: at, ...(makeDefault ? { isDefault: true } : {}) })
        .where(and(eq(mfaMethods.userId, userId), eq(mfaMethods.method, method)));
    },

    async setDefault(userId: string, method: MfaMethodName) {
      await db
        .update(mfaMethods)
        .set({ isDefault: sql`${mfaMethods.method} = ${method}` })
        .where(eq(mfaMethods.userId, userId));
    },

    async remove(userId: string, method: MfaMethodName) {
      await db
        .delete(mfaMethods)
        .where(and(eq(mfaMethods.userId, userId), eq(mfaMethods.method, method)));
    },

    async removeAll(userId: string) {
      await db.delete(mfaMethods).where(eq(mfaMethods.userId, userId));
      await db.delete(mfaCodes).where(eq(mfaCodes.userId, userId));
    },

    /**
     * Records the TOTP time step just accepted; false when that step (or a later one) was
     * already used, so a code works once even when two requests race.
     */
    async useTotpStep(userId: string, method: MfaMethodName, step: number): Promise<boolean> {
      const updated = await db
        .update(mfaMethods)
        .set({ totpLastStep: step })
        .where(
          and(
            eq(mfaMethods.userId, userId),
            eq(mfaMethods.method, method),
            or(isNull(mfaMethods.totpLastStep), lt(mfaMethods.totpLastStep, step)),
          ),
        )
        .returning({ userId: mfaMethods.userId });
      return updated.length === 1;
    },

    /** A new code replaces every earlier unused one for the same purpose and method. */
    async replaceCode(code: {
      id: string;
      userId: string;
      purpose: MfaCodePurpose;
      method: 'email' | 'phone';
      codeHash: string;
      expiresAt: Date;
    }) {
      await db
        .update(mfaCodes)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(mfaCodes.userId, code.userId),
            eq(mfaCodes.purpose, code.purpose),
            eq(mfaCodes.method, code.method),
            isNull(mfaCodes.usedAt),
          ),
        );
      await db.insert(mfaCodes).values(code);
    },

    async latestOpenCode(
      userId: string,
      purpose: MfaCodePurpose,
      method: 'email' | 'phone',
    ): Promise<MfaCodeRecord | undefined> {
      const [row] = await db
        .select({
          id: mfaCodes.id,
          codeHash: mfaCodes.codeHash,
          attempts: mfaCodes.attempts,
          expiresAt: mfaCodes.expiresAt,
        })
        .from(mfaCodes)
        .where(
          and(
            eq(mfaCodes.userId, userId),
            eq(mfaCodes.purpose, purpose),
            eq(mfaCodes.method, method),
            isNull(mfaCodes.usedAt),
          ),
        )
        .orderBy(desc(mfaCodes.createdAt))
        .limit(1);
      return row;
    },

    /** Counts a wrong guess; the code is spent once the attempts reach `maxAttempts`. */
    async recordWrongAttempt(id: string, maxAttempts: number, at: Date) {
      await db
        .update(mfaCodes)
        .set({
          attempts: sql`${mfaCodes.attempts} + 1`,
          usedAt: sql`CASE WHEN ${mfaCodes.attempts} + 1 >= ${maxAttempts} THEN ${at.toISOString()}::timestamptz ELSE NULL END`,
        })
        .where(eq(mfaCodes.id, id));
    },

    /** Spends a code; false when another request spent it first. */
    async useCode(id: string, at: Date): Promise<boolean> {
      const used = await db
        .update(mfaCodes)
        .set({ usedAt: at })
        .where(and(eq(mfaCodes.id, id), isNull(mfaCodes.usedAt)))
        .returning({ id: mfaCodes.id });
      return used.length === 1;
    },
  };
}

export type MfaRepository = ReturnType<typeof createMfaRepository>;
