import { z } from 'zod';
import { needsPaymentIntent, PAYMENT_METHODS } from '@evc/domain';
import { isoDateTime, requestId } from './shared.ts';
import { connectorStatus, tariffInput } from './chargers.ts';

const sessionId = requestId;

/**
 * The state of a charging session as the driver sees it. `pending`: the charger accepted the
 * remote start and waits for the cable; `paused`: paused by the driver (0 A profile);
 * `pausedByVehicle`: the car stopped drawing (SuspendedEV); `rejected`: the charger refused the
 * start or the cable never came, the hold is released.
 */
export const SESSION_STATES = [
  'pending',
  'charging',
  'paused',
  'pausedByVehicle',
  'finished',
  'rejected',
] as const;
export const sessionState = z.enum(SESSION_STATES);
export type SessionState = z.infer<typeof sessionState>;

/** 001 §3 cost breakdown entry input: one 30-minute period, its rate (currency units) and kWh. */
export const costBreakdownEntry = z.object({
  periodStart: isoDateTime,
  rate: z.number(),
  value: z.number(),
});
export type CostBreakdownEntry = z.infer<typeof costBreakdownEntry>;

/** What a session's cost is made of, minor units; their sum is its total. */
export const sessionCostParts = z.object({
  energy: z.number().int(),
  connection: z.number().int(),
  periods: z.number().int(),
  overstay: z.number().int(),
});

export const sessionCurrency = z.object({
  code: z.string(),
  symbol: z.string(),
  decimal_digits: z.number().int().min(0),
});

/**
 * spec 000 §3 Transaction and 001 §3 transaction data. `_id` is the session's id (used by every
 * `transactionid` field and the variable-tariff page); `id` is the charger's OCPP transaction id
 * once the charger started it. Costs are minor units; meterStart/meterStop are Wh.
 */
export const transactionView = z.object({
  _id: z.string(),
  id: z.number().int().nullable(),
  chargerid: z.string(),
  barcode: z.string(),
  chargerName: z.string(),
  /**
   * 001 §3 transaction data `title`: where the driver charged, as a heading — the charger's name
   * and town, a home charger's own name (domain `transactionTitle`).
   */
  title: z.string(),
  connectorid: z.number().int(),
  state: sessionState,
  /** Offline while the charger is away: the session goes on when it comes back. */
  connectorStatus: connectorStatus,
  /**
   * The driver paused it. A `paused` session the driver did not pause is held by the charger
   * (SuspendedEVSE): a default charging profile, which cleardefault lifts.
   */
  pausedByDriver: z.boolean(),
  /**
   * Why a finished session ended other than by the charger's stop: `charger-offline`, its charger
   * went away and said nothing for SESSION_ABANDON_AFTER; billed to its last reading.
   */
  endReason: z.enum(['charger-offline']).nullable(),
  source: z.enum(PAYMENT_METHODS),
  intent_id: z.string().nullable(),
  data: z.object({
    startdate: isoDateTime.nullable(),
    enddate: isoDateTime.nullable(),
    finished: z.boolean(),
    meterStart: z.number().int().nullable(),
    meterStop: z.number().int().nullable(),
    cost: z.object({
      applied_cost: z.object({ total: z.number().int(), currency: sessionCurrency }),
      parts: sessionCostParts,
    }),
    homeCharge: z
      .object({ total: z.number().int(), rate: z.number(), currency: sessionCurrency })
      .nullable(),
    tariff: tariffInput,
  }),
  /** kWh to 2 decimals (001 §9). */
  kWh: z.number(),
  /** Seconds: end minus start when finished, now minus start while charging (001 §4). */
  duration: z.number().int().min(0),
  /** Latest power the charger reported, W; null before the first sample. */
  powerW: z.number().nullable(),
  /** 30-minute entries for the cost breakdown table (001 §2, §9). */
  breakdown: z.array(costBreakdownEntry),
  payment: z.object({
    /** The hold placed before charging, minor units (0 for credit and fuel card). */
    held: z.number().int(),
    /** What was finally taken, once finished; null until then. */
    captured: z.number().int().nullable(),
    status: z.enum(['none', 'held', 'captured', 'released', 'debited', 'invoiced', 'failed']),
  }),
  createdAt: isoDateTime,
});
export type TransactionView = z.infer<typeof transactionView>;

/**
 * POST /remoteStartTransaction. `source` is how the driver pays; PAYG, APPLEPAY and GOOGLEPAY need
 * `intent_id`, a held intent of the caller's, except at a free charger where nothing is held;
 * CREDIT and FUELCARD take none (000 §4). `profile`
 * is an optional OCPP charging profile limit in A for the session (null: the charger's default).
 */
export const remoteStartTransactionRequest = z
  .object({
    chargerid: requestId,
    connectorid: z.coerce.number().int().min(1).max(99),
    profile: z
      .object({ limitA: z.number().min(0).max(500) })
      .nullable()
      .default(null),
    intent_id: requestId.nullable().default(null),
    source: z.enum(PAYMENT_METHODS),
  })
  .superRefine((request, ctx) => {
    // PAYG and wallets need one unless the charger is free: the server knows the tariff.
    const needsIntent = needsPaymentIntent(request.source);
    if (!needsIntent && request.intent_id !== null)
      ctx.addIssue({
        code: 'custom',
        path: ['intent_id'],
        message: `must be null for ${request.source}`,
      });
  });

export const transactionIdRequest = z.object({ transactionid: sessionId });
export const transactionIdParams = z.object({ transactionid: sessionId });

/** POST /unlockChargerConnector {connectorid, chargerid}: OCPP UnlockConnector's answer. */
export const unlockConnectorRequest = z.object({
  chargerid: requestId,
  connectorid: z.coerce.number().int().min(1).max(99),
});
export const unlockConnectorResponse = z.object({
  status: z.enum(['Unlocked', 'UnlockFailed', 'NotSupported']),
});

/** GET /connector/unlock/check?connectorid&chargerid&userid: has the cable been released? */
export const unlockCheckQuery = z.object({
  chargerid: requestId,
  connectorid: z.coerce.number().int().min(1).max(99),
  userid: requestId,
});
export const unlockCheckResponse = z.object({
  released: z.boolean(),
  status: connectorStatus,
});

/** The driver's live sessions: each event is the whole session view, pushed on every change. */
export const SESSION_EVENTS_PATH = '/events/sessions';
export const sessionLiveEvent = transactionView;
