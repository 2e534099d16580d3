import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import {
  sandboxPaymentMethods,
  type PaymentIntentRow,
  type SandboxCardBehaviour,
  type SandboxPaymentMethodRow,
} from '../../platform/db/schema.ts';
import { AppError, validationError } from '../../platform/errors.ts';
import type { IntentSnapshot, PaymentIntentStatus, PaymentProvider } from './payment-provider.ts';
import { createPaymentRepository } from './repository.ts';

/** Stripe's test cards the sandbox accepts, and what paying with each does. */
export const SANDBOX_TEST_CARDS: Readonly<Record<string, SandboxCardBehaviour>> = {
  '4242424242424242': 'succeeds',
  '4000000000000002': 'declined',
  '4000002500003155': 'authentication',
  '4000000000009995': 'insufficient_funds',
  // Stripe's card that attaches, then is declined at every charge (a decline at the charger).
  '4000000000000341': 'declined_after_attach',
};

/** Stripe's own wording for each refusal, shown to the driver after 'Error: '. */
export const SANDBOX_DECLINES = {
  declined: { code: 'CARD_DECLINED', message: 'Your card was declined.' },
  insufficient_funds: { code: 'INSUFFICIENT_FUNDS', message: 'Your card has insufficient funds.' },
  /** Stripe's answer off-session for a card that needs 3-D Secure: nobody is there to pass it. */
  authentication_required: {
    code: 'AUTHENTICATION_REQUIRED',
    message: 'Your card was declined. This transaction requires authentication.',
  },
  authentication: {
    code: 'AUTHENTICATION_FAILED',
    message:
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  },
} as const;

/**
 * Issue 19: a card that will be declined is refused when it is added, as Stripe's SetupIntent
 * confirmation refuses it; only the 0341 card gets as far as a charger.
 */
const DECLINED_AT_SETUP = {
  declined: SANDBOX_DECLINES.declined,
  insufficient_funds: SANDBOX_DECLINES.insufficient_funds,
} as const;

const sandboxId = (prefix: string) => `${prefix}_sbx_${randomBytes(12).toString('hex')}`;

export const intentNotFound = () => new AppError(404, 'INTENT_NOT_FOUND', 'No such payment intent');

export function intentSnapshot(row: PaymentIntentRow): IntentSnapshot {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    amount: row.amount,
    amountCapturable: row.amountCapturable,
    amountReceived: row.amountReceived,
    currency: row.currency,
    status: row.status as PaymentIntentStatus,
    captureMethod: row.captureMethod,
    paymentMethodId: row.paymentMethodId,
    lastError: row.lastError,
  };
}

const CANCELABLE: readonly string[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'requires_capture',
];

/**
 * The built-in provider: Stripe's intent state machine kept in the database, used when no
 * Stripe key is configured. Its client side (card entry, confirmation, the 3-D Secure
 * challenge) is in sandbox-client.ts.
 */
export function createSandboxProvider(db: Db): PaymentProvider {
  const repo = createPaymentRepository(db);

  async function lockedIntent(intentId: string): Promise<PaymentIntentRow> {
    const row = await repo.intent(intentId, { lock: true });
    if (row?.provider !== 'sandbox') throw intentNotFound();
    return row;
  }

  async function update(row: PaymentIntentRow, patch: Partial<IntentSnapshot>) {
    const updated = await repo.applySnapshot({ ...intentSnapshot(row), ...patch });
    if (!updated) throw intentNotFound();
    return intentSnapshot(updated);
  }

  return {
    kind: 'sandbox',

    async attachPaymentMethod(user, paymentMethodId) {
      const method = await sandboxPaymentMethod(db, user.id, paymentMethodId);
      if (!method) {
        throw new AppError(404, 'PAYMENT_METHOD_NOT_FOUND', 'No such payment method');
      }
      if (method.behaviour === 'declined' || method.behaviour === 'insufficient_funds') {
        const refusal = DECLINED_AT_SETUP[method.behaviour];
        throw new AppError(402, refusal.code, refusal.message);
      }
      return {
        id: method.id,
        brand: method.brand,
        last4: method.last4,
        exp_month: method.expMonth,
        exp_year: method.expYear,
        // Stripe issues its test cards as US credit cards.
        country: 'US',
        funding: 'credit',
        name: user.name,
        address_line1: null,
        address_city: null,
        address_postal_code: null,
        address_country: null,
        // The sandbox's cards are typed in: it has no wallet to give one.
        wallet: null,
      };
    },

    // A detached Stripe payment method stays retrievable; the sandbox keeps it likewise.
    detachPaymentMethod: () => Promise.resolve(),

    // The sandbox's record of a saved card's billing details is the saved card itself.
    updateBillingDetails: () => Promise.resolve(),

    async createIntent(input) {
      const id = sandboxId('pi');
      const row = await repo.insertIntent({
        id,
        provider: 'sandbox',
        userId: input.user.id,
        purpose: input.purpose,
        amount: input.amount,
        currency: input.currency,
        captureMethod: input.captureMethod,
        status: input.paymentMethodId ? 'requires_confirmation' : 'requires_payment_method',
        paymentMethodId: input.paymentMethodId ?? null,
        clientSecret: `${id}_secret_${randomBytes(16).toString('base64url')}`,
      });
      return intentSnapshot(row);
    },

    async holdOffSession(input) {
      const method = await sandboxPaymentMethod(db, input.user.id, input.paymentMethodId);
      if (!method) {
        throw new AppError(404, 'PAYMENT_METHOD_NOT_FOUND', 'No such payment method');
      }
      const refusal = {
        succeeds: null,
        authentication: SANDBOX_DECLINES.authentication_required,
        declined: SANDBOX_DECLINES.declined,
        declined_after_attach: SANDBOX_DECLINES.declined,
        insufficient_funds: SANDBOX_DECLINES.insufficient_funds,
      }[method.behaviour];
      const id = sandboxId('pi');
      const row = await repo.insertIntent({
        id,
        provider: 'sandbox',
        userId: input.user.id,
        purpose: 'charge',
        amount: input.amount,
        currency: input.currency,
        captureMethod: 'manual',
        status: refusal ? 'requires_payment_method' : 'requires_capture',
        amountCapturable: refusal ? 0 : input.amount,
        paymentMethodId: method.id,
        lastError: refusal?.message ?? null,
        clientSecret: `${id}_secret_${randomBytes(16).toString('base64url')}`,
      });
      return intentSnapshot(row);
    },

    async retrieveIntent(intentId) {
      const row = await repo.intent(intentId);
      if (row?.provider !== 'sandbox') throw intentNotFound();
      return intentSnapshot(row);
    },

    async capture(intentId, amount) {
      const row = await lockedIntent(intentId);
      if (row.status !== 'requires_capture') {
        throw new AppError(409, 'INTENT_NOT_HELD', `The payment is ${row.status}, not held`);
      }
      if (amount < 1 || amount > row.amountCapturable) {
        throw new AppError(
          409,
          'AMOUNT_NOT_CAPTURABLE',
          `At most ${row.amountCapturable} may be captured`,
        );
      }
      return update(row, { status: 'succeeded', amountReceived: amount, amountCapturable: 0 });
    },

    async cancel(intentId) {
      const row = await lockedIntent(intentId);
      if (row.status === 'canceled') return intentSnapshot(row);
      if (!CANCELABLE.includes(row.status)) {
        throw new AppError(409, 'INTENT_NOT_CANCELABLE', `The payment is ${row.status}`);
      }
      return update(row, { status: 'canceled', amountCapturable: 0 });
    },

    async refund({ intentId, amount }) {
      const row = await lockedIntent(intentId);
      if (row.status !== 'succeeded') {
        throw new AppError(409, 'REFUND_NOT_POSSIBLE', `The payment is ${row.status}`);
      }
      if (amount < 1 || amount > row.amountReceived) {
        throw new AppError(
          409,
          'REFUND_NOT_POSSIBLE',
          `At most ${row.amountReceived} may be refunded`,
        );
      }
      return { id: sandboxId('re') };
    },
  };
}

export async function sandboxPaymentMethod(
  db: Db,
  ownerId: string,
  paymentMethodId: string,
): Promise<SandboxPaymentMethodRow | undefined> {
  const [row] = await db
    .select()
    .from(sandboxPaymentMethods)
    .where(
      and(
        eq(sandboxPaymentMethods.id, paymentMethodId),
        eq(sandboxPaymentMethods.ownerId, ownerId),
      ),
    );
  return row;
}

export async function createSandboxPaymentMethod(
  db: Db,
  ownerId: string,
  card: { number: string; exp_month: number; exp_year: number },
): Promise<SandboxPaymentMethodRow> {
  const behaviour = SANDBOX_TEST_CARDS[card.number];
  if (!behaviour) {
    throw validationError(
      'number',
      'not a sandbox test card (use 4242424242424242, 4000000000000002, 4000002500003155, 4000000000009995 or 4000000000000341)',
    );
  }
  const [row] = await db
    .insert(sandboxPaymentMethods)
    .values({
      id: sandboxId('pm'),
      ownerId,
      brand: 'visa',
      last4: card.number.slice(-4),
      expMonth: card.exp_month,
      expYear: card.exp_year,
      behaviour,
    })
    .returning();
  if (!row) throw new Error('sandbox payment method not recorded');
  return row;
}
