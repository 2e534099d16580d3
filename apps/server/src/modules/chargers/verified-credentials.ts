import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How many chargers' last good passwords a node remembers: 10,000 chargers a node, with room. */
const DEFAULT_CAPACITY = 50_000;

/**
 * The passwords this node has already verified against a charger's stored hash, so that a charger
 * reconnecting with the same password is admitted without a second argon2 check (about 20 ms of a
 * core each: a reconnect storm of 10,000 chargers would take minutes). Nothing is kept that a
 * memory dump could turn back into a password: an HMAC under a key drawn when the node starts,
 * tied to the stored hash, so a changed password, or a hash replaced by the operator, is checked
 * afresh. A wrong password is never remembered; it always pays the full check.
 */
export function createVerifiedCredentials(capacity = DEFAULT_CAPACITY) {
  const key = randomBytes(32);
  const remembered = new Map<string, Buffer>();
  const digest = (storedHash: string, password: string) =>
    createHmac('sha256', key).update(storedHash).update('\0').update(password).digest();

  return {
    /** Whether this exact password was verified against this exact stored hash before. */
    knows(chargerId: string, storedHash: string, password: string): boolean {
      const known = remembered.get(chargerId);
      return known !== undefined && timingSafeEqual(known, digest(storedHash, password));
    },

    remember(chargerId: string, storedHash: string, password: string): void {
      remembered.delete(chargerId);
      if (remembered.size >= capacity) {
        const oldest = remembered.keys().next();
        if (!oldest.done) remembered.delete(oldest.value);
      }
      remembered.set(chargerId, digest(storedHash, password));
    },
  };
}

export type VerifiedCredentials = ReturnType<typeof createVerifiedCredentials>;
