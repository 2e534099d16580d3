// Drizzle's view of the tables created by migrations/*.sql. The SQL files are the source of
// truth; keep this file in step with them.
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { PaymentMethod, WeekDay } from '@evc/domain';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  helpline: text('helpline'),
});

export const currencies = pgTable('currencies', {
  id: text('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  namePlural: text('name_plural').notNull(),
  symbol: text('symbol').notNull(),
  symbolNative: text('symbol_native').notNull(),
  decimalDigits: integer('decimal_digits').notNull().default(2),
  rounding: doublePrecision('rounding').notNull().default(0),
});

export const languages = pgTable('languages', {
  id: text('id').primaryKey(),
  code: text('code').notNull().unique(),
  language: text('language').notNull(),
  flagClass: text('flag_class').notNull(),
});

export const carTypes = pgTable('car_types', {
  id: text('id').primaryKey(),
  make: text('make').notNull(),
  model: text('model').notNull(),
  image: text('image').notNull(),
  milesPerKwh: doublePrecision('miles_per_kwh').notNull(),
});

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export interface AlertPreferenceRow {
  enabled: boolean;
  threshold: number;
}
export interface EmailPrefsRow {
  credit_low_alert: AlertPreferenceRow;
  charge_finished_alert: AlertPreferenceRow;
}

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  hrCode: text('hr_code').notNull().unique(),
  roles: text('roles').array().notNull(),
  languageCode: text('language_code').notNull(),
  currencyCode: text('currency_code').notNull(),
  carTypeId: text('car_type_id'),
  phoneNumber: text('phone_number').notNull().default(''),
  addressLine1: text('address_line1').notNull().default(''),
  addressLine2: text('address_line2').notNull().default(''),
  addressCity: text('address_city').notNull().default(''),
  addressPostcode: text('address_postcode').notNull().default(''),
  countryCode: text('country_code').notNull(),
  emailPrefs: jsonb('email_prefs').$type<EmailPrefsRow>().notNull(),
  balanceMinor: integer('balance_minor').notNull().default(0),
  mfaRequired: boolean('mfa_required').notNull().default(false),
  acceptedTermsAt: timestamptz('accepted_terms_at'),
  acceptedPrivacyAt: timestamptz('accepted_privacy_at'),
  confirmedAt: timestamptz('confirmed_at'),
  deletedAt: timestamptz('deleted_at'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});
export type UserRow = typeof users.$inferSelect;

export type MfaMethodName = 'email' | 'phone' | 'app';

export const mfaMethods = pgTable(
  'mfa_methods',
  {
    userId: text('user_id').notNull(),
    method: text('method').$type<MfaMethodName>().notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    destination: text('destination'),
    totpSecret: text('totp_secret'),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    verifiedAt: timestamptz('verified_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.method] })],
);
export type MfaMethodRow = typeof mfaMethods.$inferSelect;

export type MfaCodePurpose = 'login' | 'setup';

export const mfaCodes = pgTable('mfa_codes', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  purpose: text('purpose').$type<MfaCodePurpose>().notNull(),
  method: text('method').$type<'email' | 'phone'>().notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamptz('expires_at').notNull(),
  usedAt: timestamptz('used_at'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export type UserTokenKind = 'registration' | 'password-reset';

export const userTokens = pgTable('user_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: text('user_id').notNull(),
  kind: text('kind').$type<UserTokenKind>().notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
  usedAt: timestamptz('used_at'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/** A user's full or MFA-setup-only session, or a guest's. */
export type TokenScope = 'full' | 'mfa-setup' | 'guest';

export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  userId: text('user_id'),
  guestId: text('guest_id'),
  scope: text('scope').$type<TokenScope>().notNull(),
  deviceUuid: text('device_uuid').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  revokedAt: timestamptz('revoked_at'),
  revokedReason: text('revoked_reason'),
  /** Signed in with a second factor (staff calls need it). */
  mfaPassed: boolean('mfa_passed').notNull().default(false),
  /** A masquerade: the staff member who opened it, and why (issue 18). */
  masqueradeBy: text('masquerade_by'),
  masqueradeReason: text('masquerade_reason'),
});
export type SessionRow = typeof sessions.$inferSelect;

export const guests = pgTable('guests', {
  id: text('id').primaryKey(),
  code: text('code').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
  email: text('email'),
  languageCode: text('language_code'),
  removedAt: timestamptz('removed_at'),
  registeringUserId: text('registering_user_id'),
  convertedUserId: text('converted_user_id'),
});
export type GuestRow = typeof guests.$inferSelect;

export const refreshTokens = pgTable('refresh_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  sessionId: text('session_id').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
  usedAt: timestamptz('used_at'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export type OutboxKind = 'email' | 'sms';

export const outbox = pgTable('outbox', {
  seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  kind: text('kind').$type<OutboxKind>().notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const chargers = pgTable('chargers', {
  id: text('id').primaryKey(),
  chargePointId: text('charge_point_id').notNull(),
  barcode: text('barcode').notNull(),
  name: text('name').notNull(),
  address: text('address').notNull(),
  city: text('city').notNull(),
  postCode: text('post_code').notNull(),
  country: text('country').notNull(),
  lat: doublePrecision('lat').notNull(),
  lon: doublePrecision('lon').notNull(),
  tariff: jsonb('tariff').$type<unknown>().notNull(),
  passwordHash: text('password_hash'),
  /** Set by an operator for a charger that connects without a password; cleared by a password. */
  allowNoPassword: boolean('allow_no_password').notNull().default(false),
  home: boolean('home').notNull().default(false),
  operatorId: text('operator_id'),
  vendor: text('vendor'),
  model: text('model'),
  serialNumber: text('serial_number'),
  firmwareVersion: text('firmware_version'),
  online: boolean('online').notNull().default(false),
  /** The node holding the charger's latest connection (ADR 0031); null while offline. */
  ownerNode: text('owner_node'),
  /** Which connection that is: grows with every connection, on any node. */
  ownerEpoch: bigint('owner_epoch', { mode: 'number' }),
  lastBootAt: timestamptz('last_boot_at'),
  lastHeartbeatAt: timestamptz('last_heartbeat_at'),
  /** The owner who adopted this home charger; null until then. */
  ownerId: text('owner_id'),
  /** sha256 of the home charger's single-use adoption code; null once adopted. */
  adoptionCodeHash: text('adoption_code_hash'),
  adoptedAt: timestamptz('adopted_at'),
  scheduleType: text('schedule_type')
    .$type<'CUSTOM' | 'DEFAULT' | 'NONE'>()
    .notNull()
    .default('NONE'),
  offPeak: boolean('off_peak').notNull().default(false),
  randomisedDelay: boolean('randomised_delay').notNull().default(true),
  /** This charger's delay after a window opens, 0–600 s, drawn once when first needed. */
  randomisedDelaySeconds: integer('randomised_delay_seconds'),
  /** The owner's ready-by plan (issue 17): {enabled, targetKwh, readyBy}; null when never set. */
  readyBy: jsonb('ready_by').$type<unknown>(),
  homeTariff: jsonb('home_tariff').$type<unknown>(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});
export type ChargerRow = typeof chargers.$inferSelect;

/** A slot of a stored schedule: seconds from the charger's local midnight. */
export interface StoredScheduleSlot {
  _id: string;
  startSeconds: number;
  endSeconds: number;
}

/** A home charger's Custom schedules (issue 17), in the owner's order. */
export const chargerSchedules = pgTable(
  'charger_schedules',
  {
    id: text('id').notNull(),
    chargerId: text('charger_id').notNull(),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    days: text('days').array().notNull().$type<WeekDay[]>(),
    slots: jsonb('slots').$type<StoredScheduleSlot[]>().notNull(),
    editable: boolean('editable').notNull().default(true),
  },
  (table) => [primaryKey({ columns: [table.chargerId, table.id] })],
);
export type ChargerScheduleRow = typeof chargerSchedules.$inferSelect;

export const connectors = pgTable(
  'connectors',
  {
    chargerId: text('charger_id').notNull(),
    connectorNumber: integer('connector_number').notNull(),
    type: text('type').notNull(),
    maxPowerKw: doublePrecision('max_power_kw').notNull(),
    status: text('status').notNull().default('Unknown'),
    errorCode: text('error_code'),
    statusAt: timestamptz('status_at'),
  },
  (table) => [primaryKey({ columns: [table.chargerId, table.connectorNumber] })],
);
export type ConnectorRow = typeof connectors.$inferSelect;

/** A node's presence (ADR 0031): a lease renewed every few seconds; past expiresAt it is dead. */
export const nodes = pgTable('nodes', {
  id: text('id').primaryKey(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  startedAt: timestamptz('started_at').notNull().defaultNow(),
  renewedAt: timestamptz('renewed_at').notNull().defaultNow(),
  expiresAt: timestamptz('expires_at').notNull(),
});

export const connectorStatusHistory = pgTable('connector_status_history', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  chargerId: text('charger_id').notNull(),
  connectorNumber: integer('connector_number').notNull(),
  status: text('status').notNull(),
  errorCode: text('error_code'),
  reportedAt: timestamptz('reported_at').notNull(),
  receivedAt: timestamptz('received_at').notNull().defaultNow(),
});

export const idTags = pgTable('id_tags', {
  idTag: text('id_tag').primaryKey(),
  userId: text('user_id'),
  guestId: text('guest_id'),
  kind: text('kind').notNull().$type<'remote' | 'rfid'>(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const ocppTransactions = pgTable('ocpp_transactions', {
  transactionId: serial('transaction_id').primaryKey(),
  chargerId: text('charger_id').notNull(),
  connectorNumber: integer('connector_number').notNull(),
  idTag: text('id_tag'),
  userId: text('user_id'),
  guestId: text('guest_id'),
  meterStartWh: bigint('meter_start_wh', { mode: 'number' }),
  meterStopWh: bigint('meter_stop_wh', { mode: 'number' }),
  startedAt: timestamptz('started_at'),
  stoppedAt: timestamptz('stopped_at'),
  stopReason: text('stop_reason'),
  paymentIntentId: text('payment_intent_id'),
  paymentStatus: text('payment_status'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});
export type OcppTransactionRow = typeof ocppTransactions.$inferSelect;

export const ocppMeterValues = pgTable('ocpp_meter_values', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  chargerId: text('charger_id').notNull(),
  connectorNumber: integer('connector_number').notNull(),
  transactionId: integer('transaction_id'),
  energyWh: bigint('energy_wh', { mode: 'number' }),
  powerW: doublePrecision('power_w'),
  socPercent: doublePrecision('soc_percent'),
  sampledAt: timestamptz('sampled_at').notNull(),
  receivedAt: timestamptz('received_at').notNull().defaultNow(),
});
export type OcppMeterValueRow = typeof ocppMeterValues.$inferSelect;

export const ocppAuthorizeAttempts = pgTable('ocpp_authorize_attempts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  chargerId: text('charger_id').notNull(),
  idTag: text('id_tag').notNull(),
  status: text('status').notNull(),
  attemptedAt: timestamptz('attempted_at').notNull(),
});

export type PaymentProviderKind = 'sandbox' | 'stripe';
export type SandboxCardBehaviour =
  'succeeds' | 'declined' | 'authentication' | 'insufficient_funds' | 'declined_after_attach';

export const sandboxPaymentMethods = pgTable('sandbox_payment_methods', {
  id: text('id').primaryKey(),
  ownerId: text('owner_id').notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  behaviour: text('behaviour').$type<SandboxCardBehaviour>().notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});
export type SandboxPaymentMethodRow = typeof sandboxPaymentMethods.$inferSelect;

export const paymentCards = pgTable('payment_cards', {
  id: text('id').primaryKey(),
  userId: text('user_id'),
  guestId: text('guest_id'),
  /** The user's or the guest's id, whichever owns the row (a generated column). */
  ownerId: text('owner_id')
    .notNull()
    .generatedAlwaysAs(sql`COALESCE(user_id, guest_id)`),
  provider: text('provider').$type<PaymentProviderKind>().notNull(),
  source: text('source').$type<PaymentMethod>().notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  country: text('country'),
  funding: text('funding'),
  name: text('name'),
  addressLine1: text('address_line1'),
  addressCity: text('address_city'),
  addressPostalCode: text('address_postal_code'),
  addressCountry: text('address_country'),
  isDefault: boolean('is_default').notNull().default(false),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});
export type PaymentCardRow = typeof paymentCards.$inferSelect;

export const paymentIntents = pgTable('payment_intents', {
  id: text('id').primaryKey(),
  provider: text('provider').$type<PaymentProviderKind>().notNull(),
  userId: text('user_id').notNull(),
  purpose: text('purpose').$type<'charge' | 'topup'>().notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  captureMethod: text('capture_method').$type<'manual' | 'automatic'>().notNull(),
  status: text('status').notNull(),
  amountCapturable: integer('amount_capturable').notNull().default(0),
  amountReceived: integer('amount_received').notNull().default(0),
  paymentMethodId: text('payment_method_id'),
  clientSecret: text('client_secret').notNull(),
  connectorId: text('connector_id'),
  lastError: text('last_error'),
  sessionId: text('session_id').unique(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  /** Failed attempts of the abandoned-intent sweep, and when it may try again. */
  sweepAttempts: integer('sweep_attempts').notNull().default(0),
  sweepRetryAt: timestamptz('sweep_retry_at'),
});
export type PaymentIntentRow = typeof paymentIntents.$inferSelect;

export type SessionPaymentStatus =
  'authorised' | 'captured' | 'released' | 'debited' | 'invoiced' | 'failed';

export const sessionPayments = pgTable('session_payments', {
  sessionId: text('session_id').primaryKey(),
  userId: text('user_id').notNull(),
  source: text('source')
    .$type<'CREDIT' | 'FUELCARD' | 'PAYG' | 'APPLEPAY' | 'GOOGLEPAY'>()
    .notNull(),
  intentId: text('intent_id'),
  fuelCardId: text('fuel_card_id'),
  held: integer('held').notNull().default(0),
  currency: text('currency').notNull(),
  status: text('status').$type<SessionPaymentStatus>().notNull(),
  amountMinor: integer('amount_minor'),
  captured: integer('captured').notNull().default(0),
  failure: text('failure'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  settledAt: timestamptz('settled_at'),
});
export type SessionPaymentRow = typeof sessionPayments.$inferSelect;

export const balanceMovements = pgTable('balance_movements', {
  reference: text('reference').primaryKey(),
  userId: text('user_id').notNull(),
  amountMinor: integer('amount_minor').notNull(),
  /** The account's currency when it moved (issue 19: never relabelled after). */
  currency: text('currency').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const stripeCustomers = pgTable('stripe_customers', {
  userId: text('user_id').primaryKey(),
  customerId: text('customer_id').notNull().unique(),
});

export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamptz('received_at').notNull().defaultNow(),
});

export type ChargingSessionState =
  'pending' | 'charging' | 'paused' | 'pausedByVehicle' | 'finished' | 'rejected';
export type ChargingSessionPaymentStatus =
  'none' | 'held' | 'captured' | 'released' | 'debited' | 'invoiced' | 'failed';
export interface SessionCostPartsRow {
  energy: number;
  connection: number;
  periods: number;
  overstay: number;
}

/** charger-offline: ended after SESSION_ABANDON_AFTER of silence from a charger that went away. */
export type SessionEndReason = 'charger-offline';

export const chargingSessions = pgTable('charging_sessions', {
  id: text('id').primaryKey(),
  userId: text('user_id'),
  guestId: text('guest_id'),
  /** The user's or the guest's id, whichever owns the row (a generated column). */
  ownerId: text('owner_id')
    .notNull()
    .generatedAlwaysAs(sql`COALESCE(user_id, guest_id)`),
  chargerId: text('charger_id').notNull(),
  connectorNumber: integer('connector_number').notNull(),
  idTag: text('id_tag').notNull(),
  source: text('source').notNull(),
  intentId: text('intent_id'),
  state: text('state').$type<ChargingSessionState>().notNull(),
  tariff: jsonb('tariff').$type<unknown>().notNull(),
  /** A home charger's home tariff when the session started (issue 16); null elsewhere. */
  homeTariff: jsonb('home_tariff').$type<unknown>(),
  limitA: doublePrecision('limit_a'),
  pausedByDriver: boolean('paused_by_driver').notNull().default(false),
  startDeadline: timestamptz('start_deadline').notNull(),
  transactionId: integer('transaction_id'),
  startedAt: timestamptz('started_at'),
  stoppedAt: timestamptz('stopped_at'),
  meterStartWh: bigint('meter_start_wh', { mode: 'number' }),
  meterStopWh: bigint('meter_stop_wh', { mode: 'number' }),
  lastEnergyWh: bigint('last_energy_wh', { mode: 'number' }),
  powerW: doublePrecision('power_w'),
  vehicleIdleSince: timestamptz('vehicle_idle_since'),
  costTotal: integer('cost_total').notNull().default(0),
  costParts: jsonb('cost_parts')
    .$type<SessionCostPartsRow>()
    .notNull()
    .default({ energy: 0, connection: 0, periods: 0, overstay: 0 }),
  breakdown: jsonb('breakdown')
    .$type<{ periodStart: string; rate: number; value: number }[]>()
    .notNull()
    .default([]),
  heldMinor: integer('held_minor').notNull().default(0),
  capturedMinor: integer('captured_minor'),
  paymentStatus: text('payment_status')
    .$type<ChargingSessionPaymentStatus>()
    .notNull()
    .default('none'),
  settlementClaimedAt: timestamptz('settlement_claimed_at'),
  receiptSentAt: timestamptz('receipt_sent_at'),
  /** Finished with the cable still in at a tariff with overstay fees: settled at the unplug. */
  awaitingUnplug: boolean('awaiting_unplug').notNull().default(false),
  /** When the overstay after the stop ended: the unplug, or where it was capped. */
  unpluggedAt: timestamptz('unplugged_at'),
  settlementAttempts: integer('settlement_attempts').notNull().default(0),
  /** A transient settlement failure is tried again from this time; null when it is final. */
  settlementRetryAt: timestamptz('settlement_retry_at'),
  /** When the charger last said anything about the session: its start, a sample, a status. */
  lastReportAt: timestamptz('last_report_at'),
  /** Why it ended other than by the charger's StopTransaction. */
  endReason: text('end_reason').$type<SessionEndReason>(),
  /** A StopTransaction that came after the session was ended without it, reconciled once. */
  lateStopAt: timestamptz('late_stop_at'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});
export type ChargingSessionRow = typeof chargingSessions.$inferSelect;

export const userGroups = pgTable('user_groups', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  groupCode: text('group_code').notNull().unique(),
  operatorId: text('operator_id'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});
export type UserGroupRow = typeof userGroups.$inferSelect;

export const userGroupMembers = pgTable(
  'user_group_members',
  {
    groupId: text('group_id').notNull(),
    userId: text('user_id').notNull(),
    userCode: text('user_code'),
    joinedAt: timestamptz('joined_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.groupId, table.userId] })],
);

export const userGroupTariffs = pgTable(
  'user_group_tariffs',
  {
    groupId: text('group_id').notNull(),
    chargerId: text('charger_id').notNull(),
    tariff: jsonb('tariff').$type<unknown>().notNull(),
    standardRate: doublePrecision('standard_rate').notNull(),
  },
  (table) => [primaryKey({ columns: [table.groupId, table.chargerId] })],
);
export const rfidCards = pgTable('rfid_cards', {
  id: text('id').primaryKey(),
  uid: text('uid').notNull().unique(),
  cardnumber: text('cardnumber').notNull(),
  name: text('name').notNull().default(''),
  isFromScan: boolean('is_from_scan').notNull().default(false),
  userId: text('user_id').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});
export type RfidCardRow = typeof rfidCards.$inferSelect;

/** Energy suppliers the home tariff wizard lists (issue 16); seeded, kept by the operator. */
export const energySuppliers = pgTable('energy_suppliers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  position: integer('position').notNull(),
});

/** A supplier's plan: rates in pence per kWh, the night rate from nightStart to nightEnd. */
export const energyPlans = pgTable('energy_plans', {
  id: text('id').primaryKey(),
  supplierId: text('supplier_id').notNull(),
  name: text('name').notNull(),
  dayRatePence: doublePrecision('day_rate_pence').notNull(),
  nightRatePence: doublePrecision('night_rate_pence'),
  nightStart: text('night_start'),
  nightEnd: text('night_end'),
  position: integer('position').notNull(),
});
export type EnergyPlanRow = typeof energyPlans.$inferSelect;
