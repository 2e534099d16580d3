import type { Bus } from '../../platform/bus/bus.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { SESSIONS_ENDED_SUBJECT, type SessionsEnded } from '../auth/session-cache.ts';
import { createGuestDataRepository } from './guest-data-repository.ts';
import type { GuestRepository } from './repository.ts';

export const guestNotFound = (field?: string) =>
  new AppError(404, 'GUEST_NOT_FOUND', 'No guest has this code', field ? { field } : {});

/**
 * A guest becomes an account (issue 15): registration names the guest code, and completing the
 * registration hands the guest's sessions, payments and saved cards to the new account in one
 * transaction, ends the guest's sign-ins, and stops its code.
 */
export function createGuestHandover(deps: {
  db: Db;
  guests: GuestRepository;
  bus: Bus;
  now: () => Date;
}) {
  return {
    /** Remembers that the guest with this code registers as `userId`; 404 for no such guest. */
    async registering(code: string, userId: string): Promise<void> {
      const guest = await deps.guests.findByCode(code);
      if (!guest) throw guestNotFound('guestCode');
      await deps.guests.markRegistering(guest.id, userId);
    },

    /** Checks, before anything is written, that the code is a guest's that still works. */
    async assertActive(code: string): Promise<void> {
      if (!(await deps.guests.findByCode(code))) throw guestNotFound('guestCode');
    },

    /** The registration of `userId` is complete: the guest registering as it hands over. */
    async handOver(userId: string): Promise<void> {
      const guestId = await deps.db.transaction(async (tx) => {
        const data = createGuestDataRepository(tx);
        const guest = await data.lockRegistering(userId);
        if (!guest) return null;
        const now = deps.now();
        await data.moveToUser(guest.id, userId);
        await data.revokeTokens(guest.id, 'guest registered', now);
        await data.remove(guest.id, now, userId);
        return guest.id;
      });
      // Committed: every node forgets the guest's sign-ins it holds (ADR 0029).
      if (guestId) deps.bus.publish(SESSIONS_ENDED_SUBJECT, { guestId } satisfies SessionsEnded);
    },
  };
}

export type GuestHandover = ReturnType<typeof createGuestHandover>;
