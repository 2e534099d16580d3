import type { ConsoleSession, DriverOverview, FoundDriver } from '@evc/contract';
import type {
  ChargingSessionRow,
  GuestRow,
  SessionPaymentRow,
  UserRow,
} from '../../platform/db/schema.ts';
import type { Refunds } from '../payments/refunds.ts';
import type { SupportRepository } from './support-repository.ts';

const LIVE_STATES: readonly string[] = ['pending', 'charging', 'paused', 'pausedByVehicle'];

export const userFound = (user: UserRow): FoundDriver => ({
  kind: 'user',
  id: user.id,
  email: user.email,
  name: `${user.firstName} ${user.lastName}`.trim(),
  phone: user.phoneNumber || null,
  code: user.hrCode,
  createdAt: user.createdAt.toISOString(),
});

export const guestFound = (guest: GuestRow): FoundDriver => ({
  kind: 'guest',
  id: guest.id,
  email: guest.email,
  name: `Guest ${guest.code}`,
  phone: null,
  code: guest.code,
  createdAt: guest.createdAt.toISOString(),
});

function currencyOf(row: ChargingSessionRow, payment: SessionPaymentRow | null): string {
  const tariff = row.tariff as { currency?: unknown } | null;
  const code = typeof tariff?.currency === 'string' ? tariff.currency : payment?.currency;
  return (code ?? 'GBP').toUpperCase();
}

/** A session as the console shows it: cost parts, and its payment with what was refunded. */
export function consoleSessionOf(
  row: ChargingSessionRow,
  payment: SessionPaymentRow | null,
  refunded: number,
): ConsoleSession {
  const captured = payment?.captured ?? row.capturedMinor ?? 0;
  const status =
    refunded > 0 ? (refunded >= captured ? 'refunded' : 'partly-refunded') : row.paymentStatus;
  const meterEnd = row.meterStopWh ?? row.lastEnergyWh;
  return {
    id: row.id,
    chargerId: row.chargerId,
    connectorId: row.connectorNumber,
    state: row.state,
    live: LIVE_STATES.includes(row.state),
    startedAt: row.startedAt?.toISOString() ?? null,
    stoppedAt: row.stoppedAt?.toISOString() ?? null,
    energyWh:
      meterEnd !== null && row.meterStartWh !== null ? Math.max(0, meterEnd - row.meterStartWh) : 0,
    currency: currencyOf(row, payment),
    costTotal: row.costTotal,
    costParts: row.costParts,
    payment: {
      source: row.source,
      status,
      held: row.heldMinor,
      captured,
      refunded,
    },
    receiptSentAt: row.receiptSentAt?.toISOString() ?? null,
  };
}

/** Everything the console shows of one driver or guest; undefined when there is none. */
export async function driverOverview(
  deps: { repo: SupportRepository; refunds: Refunds },
  driverId: string,
): Promise<DriverOverview | undefined> {
  const { repo } = deps;
  const user = await repo.user(driverId);
  const guest = user ? undefined : await repo.guest(driverId);
  if (!user && !guest) return undefined;
  const sessionRows = await repo.sessionsOf(driverId);
  const refunded = await deps.refunds.refundedBySession(sessionRows.map((r) => r.session.id));
  const sessions = sessionRows.map(({ session, payment }) =>
    consoleSessionOf(session, payment, refunded.get(session.id) ?? 0),
  );
  const cards = await repo.cards(driverId);
  const address = user?.email ?? guest?.email;
  const emails = (await repo.emails(address ? [address] : [])).map((mail) => ({
    subject: mail.subject,
    kind: mail.kind,
    at: mail.at.toISOString(),
  }));
  if (!user) {
    if (!guest) return undefined;
    return {
      driver: guestFound(guest),
      sessions,
      cards,
      balance: null,
      rfidCards: [],
      groups: [],
      emails,
    };
  }
  const [movements, rfidCards, groups] = await Promise.all([
    repo.movements(user.id),
    repo.rfidCards(user.id),
    repo.groups(user.id),
  ]);
  return {
    driver: userFound(user),
    sessions,
    cards,
    balance: {
      // Stored negative while in credit (spec 000 §3).
      creditMinor: -user.balanceMinor,
      currency: user.currencyCode,
      movements: movements.map((move) => ({
        reference: move.reference,
        creditMinor: -move.amountMinor,
        at: move.createdAt.toISOString(),
      })),
    },
    rfidCards: rfidCards.map((card) => ({
      cardnumber: card.cardnumber,
      name: card.name,
      linkedAt: card.createdAt.toISOString(),
    })),
    groups: groups.map((group) => ({
      id: group.id,
      name: group.name,
      joinedAt: group.joinedAt.toISOString(),
    })),
    emails,
  };
}
