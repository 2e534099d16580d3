import type { AuthContext } from './http/call-registrar.ts';

/**
 * Who drives and pays: a user (an account) or a guest (a guest code, ADR 0004 and 0021). Both
 * ids are random and never collide, so a row's owner id alone names its owner; the kind says
 * which table holds the rest (the account's balance, groups and address, or the guest's).
 */
export interface Driver {
  kind: 'user' | 'guest';
  id: string;
}

export const driverOf = (auth: AuthContext): Driver => ({
  kind: auth.scope === 'guest' ? 'guest' : 'user',
  id: auth.userId,
});

/** The owner columns of a row a driver owns (charging sessions, saved cards, id tags). */
export const ownerColumns = (driver: Driver) => ({
  userId: driver.kind === 'user' ? driver.id : null,
  guestId: driver.kind === 'guest' ? driver.id : null,
});

/** The name a guest goes by on receipts and with the payment provider. */
export const guestName = (code: string) => `Guest ${code}`;
