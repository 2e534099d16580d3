import { guestPurgeCutoff, isGuestPurgeDue } from '@evc/domain';
import type { Db } from '../../platform/db/database.ts';
import { createGuestDataRepository } from './guest-data-repository.ts';
import type { GuestRepository } from './repository.ts';

/** How often every node looks for guests to purge; the work is idempotent across nodes. */
export const DEFAULT_GUEST_PURGE_INTERVAL_MS = 60 * 60_000;

/**
 * Guests idle for GUEST_IDLE_PURGE_DAYS lose their personal data (receipt address, saved cards,
 * sign-ins) and their code stops working; their sessions and payments stay for the accounts,
 * owned by the anonymous guest row (ADR 0021).
 */
export function startGuestPurge(deps: {
  db: Db;
  guests: GuestRepository;
  now: () => Date;
  intervalMs: number;
  log: { warn: (details: object, message: string) => void };
}) {
  let purging = false;

  /** One pass; answers how many guests were purged. */
  async function purgeOnce(): Promise<number> {
    if (purging) return 0;
    purging = true;
    try {
      const now = deps.now();
      let purged = 0;
      for (const candidate of await deps.guests.idleSince(guestPurgeCutoff(now))) {
        const done = await deps.db.transaction(async (tx) => {
          const data = createGuestDataRepository(tx);
          const guest = await data.lockActive(candidate.id);
          if (!guest) return false;
          const activity = await data.sessionActivity(guest.id);
          if (!isGuestPurgeDue({ lastSeenAt: guest.lastSeenAt, ...activity, now })) return false;
          await data.erasePersonalData(guest.id);
          await data.remove(guest.id, now, null);
          return true;
        });
        if (done) purged += 1;
      }
      return purged;
    } finally {
      purging = false;
    }
  }

  const timer = setInterval(() => {
    purgeOnce().catch((error: unknown) =>
      deps.log.warn({ error: String(error) }, 'idle guests not purged'),
    );
  }, deps.intervalMs);
  timer.unref();

  return { purgeOnce, close: () => clearInterval(timer) };
}

export type GuestPurge = ReturnType<typeof startGuestPurge>;
