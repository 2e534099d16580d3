import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { userTokens, type UserTokenKind } from '../../platform/db/schema.ts';

/** Tokens mailed as links (registration, password reset), stored as SHA-256 hashes. */
export function createUserTokenRepository(db: Db) {
  return {
    async replace(token: {
      tokenHash: string;
      userId: string;
      kind: UserTokenKind;
      expiresAt: Date;
    }) {
      await db
        .update(userTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(userTokens.userId, token.userId),
            eq(userTokens.kind, token.kind),
            isNull(userTokens.usedAt),
          ),
        );
      await db.insert(userTokens).values(token);
    },

    /** Spends a live token and returns its user, or undefined when unknown, used or expired. */
    async consume(tokenHash: string, kind: UserTokenKind, at: Date): Promise<string | undefined> {
      const [row] = await db
        .update(userTokens)
        .set({ usedAt: at })
        .where(
          and(
            eq(userTokens.tokenHash, tokenHash),
            eq(userTokens.kind, kind),
            isNull(userTokens.usedAt),
            gt(userTokens.expiresAt, at),
          ),
        )
        .returning({ userId: userTokens.userId });
      return row?.userId;
    },
  };
}

export type UserTokenRepository = ReturnType<typeof createUserTokenRepository>;
