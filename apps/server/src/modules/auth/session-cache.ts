import type { Bus } from '../../platform/bus/bus.ts';
import type { SessionRow } from '../../platform/db/schema.ts';
import type { SessionRepository } from './session-repository.ts';

/** Sign-ins that ended: every node forgets them at once (ADR 0029). */
export const SESSIONS_ENDED_SUBJECT = 'auth.sessions.ended';
export type SessionsEnded = { sessionId: string } | { userId: string } | { guestId: string };

/** Long enough to spare the database on every call, short enough to bound a lost event. */
const DEFAULT_TTL_MS = 30_000;
const DEFAULT_CAPACITY = 100_000;

/**
 * The sign-ins this node has read lately, so that a driver's calls do not each read their
 * session row: every authenticated call did, a fifth of all queries under load. A sign-in that
 * ends (sign-out, a password change, a refresh token used twice, a guest who registered) is
 * announced on the bus and forgotten by every node; an entry is also dropped after `ttlMs`, which
 * bounds how long a node that missed the announcement could still accept it. A read already in
 * flight when an end is announced is not kept.
 */
export function createSessionCache(deps: {
  bus: Bus;
  now: () => number;
  ttlMs?: number;
  capacity?: number;
}) {
  const ttlMs = deps.ttlMs ?? DEFAULT_TTL_MS;
  const capacity = deps.capacity ?? DEFAULT_CAPACITY;
  const kept = new Map<string, { row: SessionRow; until: number }>();
  let endings = 0;

  const forget = (ended: SessionsEnded) => {
    endings += 1;
    if ('sessionId' in ended) {
      kept.delete(ended.sessionId);
      return;
    }
    for (const [id, { row }] of kept) {
      if ('userId' in ended ? row.userId === ended.userId : row.guestId === ended.guestId) {
        kept.delete(id);
      }
    }
  };
  deps.bus.subscribe(SESSIONS_ENDED_SUBJECT, (event) => forget(event as SessionsEnded));

  return {
    async find(
      id: string,
      load: (id: string) => Promise<SessionRow | undefined>,
    ): Promise<SessionRow | undefined> {
      const entry = kept.get(id);
      if (entry && entry.until > deps.now()) return entry.row;
      kept.delete(id);
      const before = endings;
      const row = await load(id);
      if (!row || row.revokedAt || endings !== before) return row;
      if (kept.size >= capacity) {
        const oldest = kept.keys().next();
        if (!oldest.done) kept.delete(oldest.value);
      }
      kept.set(id, { row, until: deps.now() + ttlMs });
      return row;
    },

    /** Forgets at once on this node, then tells the others; call once the end is committed. */
    ended(ended: SessionsEnded): void {
      forget(ended);
      deps.bus.publish(SESSIONS_ENDED_SUBJECT, ended);
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;

/** The session repository, reading sign-ins through the cache and announcing those it ends. */
export function cachedSessions(
  repository: SessionRepository,
  cache: SessionCache,
): SessionRepository {
  return {
    ...repository,
    findSession: (id) => cache.find(id, (key) => repository.findSession(key)),
    async revokeSession(id, reason, at) {
      await repository.revokeSession(id, reason, at);
      cache.ended({ sessionId: id });
    },
    async revokeUserSessions(userId, reason, at, exceptSessionId) {
      await repository.revokeUserSessions(userId, reason, at, exceptSessionId);
      cache.ended({ userId });
    },
  };
}
