import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import {
  refreshTokens,
  sessions,
  type SessionRow,
  type TokenScope,
} from '../../platform/db/schema.ts';

export interface RefreshTokenRecord {
  sessionId: string;
  expiresAt: Date;
  usedAt: Date | null;
}

export function createSessionRepository(db: Db) {
  return {
    /** A user's session, or with `guestId` and scope 'guest' a guest's. */
    async createSession(session: {
      id: string;
      userId?: string;
      guestId?: string;
      scope: TokenScope;
      deviceUuid: string;
      /** Signed in with a second factor. */
      mfaPassed?: boolean;
      /** A masquerade (issue 18): the staff member who opened it, and why. */
      masqueradeBy?: string;
      masqueradeReason?: string;
    }) {
      await db.insert(sessions).values(session);
    },

    async findSession(id: string): Promise<SessionRow | undefined> {
      const [row] = await db.select().from(sessions).where(eq(sessions.id, id));
      return row;
    },

    async addRefreshToken(token: { tokenHash: string; sessionId: string; expiresAt: Date }) {
      await db.insert(refreshTokens).values(token);
    },

    async findRefreshToken(tokenHash: string): Promise<RefreshTokenRecord | undefined> {
      const [row] = await db
        .select({
          sessionId: refreshTokens.sessionId,
          expiresAt: refreshTokens.expiresAt,
          usedAt: refreshTokens.usedAt,
        })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash));
      return row;
    },

    /** Marks a refresh token used; false when it already was (a concurrent or repeated use). */
    async useRefreshToken(tokenHash: string, at: Date): Promise<boolean> {
      const used = await db
        .update(refreshTokens)
        .set({ usedAt: at })
        .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
        .returning({ tokenHash: refreshTokens.tokenHash });
      return used.length === 1;
    },

    /** Whether a refresh token of the session was used after `at` (a later rotation). */
    async usedSince(sessionId: string, at: Date): Promise<boolean> {
      const [later] = await db
        .select({ tokenHash: refreshTokens.tokenHash })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.sessionId, sessionId), gt(refreshTokens.usedAt, at)))
        .limit(1);
      return later !== undefined;
    },

    async revokeSession(id: string, reason: string, at: Date) {
      await db
        .update(sessions)
        .set({ revokedAt: at, revokedReason: reason })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
    },

    async revokeUserSessions(userId: string, reason: string, at: Date, exceptSessionId?: string) {
      await db
        .update(sessions)
        .set({ revokedAt: at, revokedReason: reason })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
          ),
        );
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
