import type { SandboxPaymentIntent } from '@evc/contract';
import type { Db } from '../../platform/db/database.ts';
import type { PaymentIntentRow } from '../../platform/db/schema.ts';
import { AppError, validationError } from '../../platform/errors.ts';
import { createPaymentRepository } from './repository.ts';
import {
  createSandboxPaymentMethod,
  intentNotFound,
  intentSnapshot,
  SANDBOX_DECLINES,
  sandboxPaymentMethod,
} from './sandbox-provider.ts';
import { recordIntentState } from './service.ts';

const CONFIRMABLE: readonly string[] = ['requires_payment_method', 'requires_confirmation'];

function intentView(row: PaymentIntentRow): SandboxPaymentIntent {
  const snapshot = intentSnapshot(row);
  return {
    id: snapshot.id,
    amount: snapshot.amount,
    amount_capturable: snapshot.amountCapturable,
    amount_received: snapshot.amountReceived,
    status: snapshot.status,
    capture_method: snapshot.captureMethod,
    last_payment_error: snapshot.lastError ? { message: snapshot.lastError } : null,
  };
}

type Decline = (typeof SANDBOX_DECLINES)[keyof typeof SANDBOX_DECLINES];

/**
 * What Stripe.js does in the browser, done by the sandbox: card entry, confirming an intent and
 * the 3-D Secure challenge. Only the intent's owner sees or moves it. A decline is recorded on the
 * intent (back to requires_payment_method, as Stripe does) before the 402 is answered.
 */
export function createSandboxClient(deps: { db: Db; enabled: boolean; now: () => Date }) {
  const { db } = deps;

  function ensureEnabled() {
    if (!deps.enabled) {
      throw new AppError(404, 'SANDBOX_DISABLED', 'The sandbox is off: payments go to Stripe');
    }
  }

  async function ownIntent(tx: Db, ownerId: string, intentId: string) {
    const row = await createPaymentRepository(tx).intent(intentId, { lock: true });
    if (row?.provider !== 'sandbox' || row.userId !== ownerId) throw intentNotFound();
    return row;
  }

  /** Moves the intent on; the money is held (manual capture) or taken (automatic capture). */
  async function authorised(tx: Db, row: PaymentIntentRow, paymentMethodId: string) {
    const manual = row.captureMethod === 'manual';
    return recordIntentState(createPaymentRepository(tx), {
      ...intentSnapshot(row),
      paymentMethodId,
      status: manual ? 'requires_capture' : 'succeeded',
      amountCapturable: manual ? row.amount : 0,
      amountReceived: manual ? 0 : row.amount,
      lastError: null,
    });
  }

  async function declined(
    tx: Db,
    row: PaymentIntentRow,
    paymentMethodId: string,
    decline: Decline,
  ) {
    await recordIntentState(createPaymentRepository(tx), {
      ...intentSnapshot(row),
      paymentMethodId,
      status: 'requires_payment_method',
      lastError: decline.message,
    });
    return decline;
  }

  /** Runs a move in one transaction; a decline commits, then answers 402 with its message. */
  async function move(work: (tx: Db) => Promise<PaymentIntentRow | Decline | undefined>) {
    const outcome = await db.transaction(work);
    if (!outcome) throw intentNotFound();
    if ('code' in outcome) throw new AppError(402, outcome.code, outcome.message);
    return intentView(outcome);
  }

  return {
    async createPaymentMethod(
      ownerId: string,
      card: { number: string; exp_month: number; exp_year: number },
    ) {
      ensureEnabled();
      const today = deps.now();
      const expired =
        card.exp_year < today.getUTCFullYear() ||
        (card.exp_year === today.getUTCFullYear() && card.exp_month < today.getUTCMonth() + 1);
      if (expired) throw validationError('exp_year', 'the card has expired');
      const method = await createSandboxPaymentMethod(db, ownerId, card);
      return { id: method.id, brand: method.brand, last4: method.last4 };
    },

    /** The owner's intent; with a client secret, only if it is that intent's (as Stripe's). */
    async retrieve(
      ownerId: string,
      intentId: string,
      clientSecret?: string,
    ): Promise<SandboxPaymentIntent> {
      ensureEnabled();
      const row = await createPaymentRepository(db).intent(intentId);
      if (row?.provider !== 'sandbox' || row.userId !== ownerId) throw intentNotFound();
      if (clientSecret !== undefined && clientSecret !== row.clientSecret) throw intentNotFound();
      return intentView(row);
    },

    confirm(ownerId: string, intentId: string, paymentMethodId: string) {
      ensureEnabled();
      return move(async (tx) => {
        const row = await ownIntent(tx, ownerId, intentId);
        if (!CONFIRMABLE.includes(row.status)) {
          throw new AppError(
            409,
            'INTENT_UNEXPECTED_STATE',
            `This payment is ${row.status} and cannot be confirmed again`,
          );
        }
        const method = await sandboxPaymentMethod(tx, ownerId, paymentMethodId);
        if (!method) throw validationError('payment_method', 'no such payment method');
        switch (method.behaviour) {
          case 'succeeds':
            return authorised(tx, row, method.id);
          case 'authentication':
            return recordIntentState(createPaymentRepository(tx), {
              ...intentSnapshot(row),
              paymentMethodId: method.id,
              status: 'requires_action',
              lastError: null,
            });
          case 'declined':
          case 'declined_after_attach':
            return declined(tx, row, method.id, SANDBOX_DECLINES.declined);
          case 'insufficient_funds':
            return declined(tx, row, method.id, SANDBOX_DECLINES.insufficient_funds);
        }
      });
    },

    /** The simulated 3-D Secure challenge: the driver approves, or fails it. */
    authenticate(ownerId: string, intentId: string, outcome: 'approve' | 'fail') {
      ensureEnabled();
      return move(async (tx) => {
        const row = await ownIntent(tx, ownerId, intentId);
        if (row.status !== 'requires_action' || !row.paymentMethodId) {
          throw new AppError(
            409,
            'INTENT_UNEXPECTED_STATE',
            `This payment is ${row.status} and needs no authentication`,
          );
        }
        return outcome === 'approve'
          ? authorised(tx, row, row.paymentMethodId)
          : declined(tx, row, row.paymentMethodId, SANDBOX_DECLINES.authentication);
      });
    },
  };
}

export type SandboxClient = ReturnType<typeof createSandboxClient>;
