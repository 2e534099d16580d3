import { z } from 'zod';
import { isoDateTime, requestId, text, TEXT_LIMITS } from './shared.ts';

/**
 * The support console's calls (issue 18): staff (the support or operator role, signed in with a
 * second factor) find a driver or a guest, see and act on their account, open the app as them
 * (masquerade), keep the helpline log and watch chargers' availability. Every action names a
 * reason and is written to the audit log.
 */

/** Why staff act: kept with the action in the audit log. */
export const staffReason = text(TEXT_LIMITS.note).trim().min(3, 'Please give a reason');

export const driverKind = z.enum(['user', 'guest']);
export type DriverKind = z.infer<typeof driverKind>;

export const driverIdParams = z.object({ driverid: requestId });
export const sessionIdParams = z.object({ sessionid: requestId });
export const consoleChargerParams = z.object({ chargerid: requestId });

export const findDriversRequest = z.object({
  /** An e-mail address, a name, a phone number, an HRCode, or a guest code. */
  query: text(TEXT_LIMITS.name).trim().min(2, 'Please type at least 2 characters'),
});

export const foundDriver = z.object({
  kind: driverKind,
  id: z.string(),
  email: z.string().nullable(),
  name: z.string(),
  phone: z.string().nullable(),
  /** A user's HRCode, a guest's guest code. */
  code: z.string(),
  createdAt: isoDateTime,
});
export type FoundDriver = z.infer<typeof foundDriver>;
export const findDriversResponse = z.object({ drivers: z.array(foundDriver) });

/** Where a session's payment stands, refunds included. */
export const consolePaymentStatus = z.enum([
  'none',
  'held',
  'captured',
  'released',
  'debited',
  'invoiced',
  'failed',
  'refunded',
  'partly-refunded',
]);

export const consoleSession = z.object({
  id: z.string(),
  chargerId: z.string(),
  connectorId: z.number().int(),
  state: z.string(),
  live: z.boolean(),
  startedAt: isoDateTime.nullable(),
  stoppedAt: isoDateTime.nullable(),
  energyWh: z.number().int(),
  currency: z.string(),
  costTotal: z.number().int(),
  costParts: z.object({
    energy: z.number().int(),
    connection: z.number().int(),
    periods: z.number().int(),
    overstay: z.number().int(),
  }),
  payment: z.object({
    source: z.string(),
    status: consolePaymentStatus,
    held: z.number().int(),
    captured: z.number().int(),
    refunded: z.number().int(),
  }),
  receiptSentAt: isoDateTime.nullable(),
});
export type ConsoleSession = z.infer<typeof consoleSession>;

export const driverOverviewResponse = z.object({
  driver: foundDriver,
  sessions: z.array(consoleSession),
  /** Brand and last 4 only. */
  cards: z.array(
    z.object({
      brand: z.string(),
      last4: z.string(),
      source: z.string(),
      isDefault: z.boolean(),
    }),
  ),
  /** Users only: the balance in minor units (positive is credit) and its movements, newest first. */
  balance: z
    .object({
      creditMinor: z.number().int(),
      currency: z.string(),
      movements: z.array(
        z.object({ reference: z.string(), creditMinor: z.number().int(), at: isoDateTime }),
      ),
    })
    .nullable(),
  rfidCards: z.array(z.object({ cardnumber: z.string(), name: z.string(), linkedAt: isoDateTime })),
  groups: z.array(z.object({ id: z.string(), name: z.string(), joinedAt: isoDateTime })),
  emails: z.array(z.object({ subject: z.string(), kind: z.string(), at: isoDateTime })),
});
export type DriverOverview = z.infer<typeof driverOverviewResponse>;

export const reasonRequest = z.object({ reason: staffReason });

export const consoleUnlockRequest = z.object({
  connectorid: z.number().int().min(1, 'connectorid: a connector number from 1'),
  reason: staffReason,
});

export const refundRequest = z.object({
  /** Minor units; the whole captured amount not yet refunded when left out. */
  amount: z.number().int().min(1, 'amount: at least 1 (minor units)').optional(),
  reason: staffReason,
});
export const refundResponse = z.object({
  id: z.string(),
  sessionId: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  refundedTotal: z.number().int(),
  reason: z.string(),
});

export const creditRequest = z.object({
  /** Minor units added to the driver's credit. */
  amount: z
    .number()
    .int()
    .min(1, 'amount: at least 1 (minor units)')
    .max(100_000_00, 'amount: at most 10000000'),
  reason: staffReason,
});
export const creditResponse = z.object({ creditMinor: z.number().int(), currency: z.string() });

export const masqueradeRequest = z.object({ reason: staffReason });
/** A 30-minute access token for the driver's app, with no refresh token. */
export const masqueradeResponse = z.object({
  kind: driverKind,
  driverId: z.string(),
  token: z.string(),
  expiry: isoDateTime,
  masquerade: z.literal(true),
});

export const auditQuery = z.object({
  target: requestId.optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});
export const auditEntry = z.object({
  id: z.number().int(),
  at: isoDateTime,
  staffId: z.string(),
  action: z.string(),
  targetKind: z.enum(['user', 'guest', 'charger', 'session', 'none']),
  targetId: z.string().nullable(),
  reason: z.string().nullable(),
  detail: z.string().nullable(),
  masquerade: z.boolean(),
  outcome: z.string(),
});
export const auditResponse = z.object({ entries: z.array(auditEntry) });

export const helplineSubjectKind = z.enum(['user', 'guest', 'charger', 'none']);
export const helplineChannel = z.enum(['phone', 'email', 'chat', 'app', 'other']);

export const helplineContactRequest = z.object({
  subject: z.object({ kind: helplineSubjectKind, id: requestId.optional() }),
  channel: helplineChannel,
  /** When the contact was made; now when left out. */
  at: isoDateTime.optional(),
  actionTaken: text(TEXT_LIMITS.note).trim().min(1, 'actionTaken: what was done'),
  resolution: text(TEXT_LIMITS.note).trim().min(1, 'resolution: how it ended'),
});
export const helplineContact = z.object({
  id: z.string(),
  at: isoDateTime,
  staffId: z.string(),
  subject: z.object({ kind: helplineSubjectKind, id: z.string().nullable() }),
  channel: helplineChannel,
  actionTaken: z.string(),
  resolution: z.string(),
});
export type HelplineContact = z.infer<typeof helplineContact>;

/** A calendar quarter, e.g. 2026-Q4. */
export const quarter = z.string().regex(/^\d{4}-Q[1-4]$/, 'quarter: a quarter like 2026-Q4');
export const helplineListQuery = z.object({
  quarter: quarter.optional(),
  subject: requestId.optional(),
});
export const helplineListResponse = z.object({ contacts: z.array(helplineContact) });
export const helplineExportQuery = z.object({ quarter });

export const consoleChargersResponse = z.object({
  from: isoDateTime,
  to: isoDateTime,
  chargers: z.array(
    z.object({
      id: z.string(),
      barcode: z.string(),
      name: z.string(),
      online: z.boolean(),
      lastHeartbeatAt: isoDateTime.nullable(),
      connectors: z.array(z.object({ connectorId: z.number().int(), status: z.string() })),
      /** Regulation 7 over the window, in percent; null when nothing counted. */
      availability: z.number().nullable(),
      workingMs: z.number().int(),
      downMs: z.number().int(),
    }),
  ),
});
