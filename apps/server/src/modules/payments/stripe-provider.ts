import Stripe from 'stripe';
import type { Wallet } from '@evc/domain';
import type { Db } from '../../platform/db/database.ts';
import { AppError, validationError } from '../../platform/errors.ts';
import type { PayingUser, PaymentProvider, PaymentProviderFactory } from './payment-provider.ts';
import { createPaymentRepository } from './repository.ts';
import { stripeIntentSnapshot } from './stripe-intents.ts';

export interface StripeSettings {
  secretKey: string;
  /** Another address for Stripe's API (stripe-mock, or a test's fake server). */
  apiUrl?: string;
}

export function createStripeClient(settings: StripeSettings): Stripe {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'http:' ? 80 : 443),
          protocol: api.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}

/** Stripe's refusals as the driver should see them; anything else is our problem, not theirs. */
export function stripeFailure(error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  if (error instanceof Stripe.errors.StripeCardError) {
    return new AppError(402, 'PAYMENT_FAILED', error.message);
  }
  if (error.statusCode === 404) {
    return new AppError(404, 'PAYMENT_METHOD_NOT_FOUND', 'No such payment method');
  }
  return new AppError(502, 'PAYMENT_PROVIDER_ERROR', 'Error Processing Transaction');
}

async function translated<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw stripeFailure(error);
  }
}

/** The wallet Stripe says gave a card (its card.wallet.type), or null for a card typed in. */
const walletOf = (type: string | undefined): Wallet | null =>
  type === 'apple_pay' ? 'APPLEPAY' : type === 'google_pay' ? 'GOOGLEPAY' : null;

const notTheirs = () => new AppError(404, 'PAYMENT_METHOD_NOT_FOUND', 'No such payment method');

/**
 * Stripe: one customer per driver, cards saved through SetupIntents, PaymentIntents with manual
 * capture for a charging hold and automatic capture for a top-up. Every mutating request
 * carries an idempotency key, so a retried request never charges twice.
 */
export function createStripeProviderFactory(stripe: Stripe): PaymentProviderFactory {
  return (db: Db): PaymentProvider => {
    const repo = createPaymentRepository(db);

    async function customerOf(user: PayingUser): Promise<string> {
      const known = await repo.stripeCustomer(user.id);
      if (known) return known;
      const created = await translated(
        stripe.customers.create(
          { email: user.email, name: user.name, metadata: { userId: user.id } },
          { idempotencyKey: `customer:${user.id}` },
        ),
      );
      return repo.saveStripeCustomer(user.id, created.id);
    }

    return {
      kind: 'stripe',

      async attachPaymentMethod(user, paymentMethodId) {
        const customer = await customerOf(user);
        const method = await translated(stripe.paymentMethods.retrieve(paymentMethodId));
        const owner = typeof method.customer === 'string' ? method.customer : method.customer?.id;
        if (owner && owner !== customer) throw notTheirs();
        if (!method.card) {
          throw validationError('card', 'not a card payment method');
        }
        if (!owner) {
          const setup = await translated(
            stripe.setupIntents.create(
              {
                customer,
                payment_method: paymentMethodId,
                allowed_payment_method_types: ['card'],
                usage: 'off_session',
                confirm: true,
              },
              { idempotencyKey: `setup:${user.id}:${paymentMethodId}` },
            ),
          );
          if (setup.status === 'requires_action') {
            throw new AppError(402, 'CARD_CONFIRMATION_NEEDED', 'Card confirmation needed');
          }
          if (setup.status !== 'succeeded') {
            throw new AppError(
              402,
              'CARD_NOT_ADDED',
              setup.last_setup_error?.message ?? 'Error Adding Card. Please try again',
            );
          }
        }
        const { billing_details: billing, card } = method;
        return {
          id: method.id,
          brand: card.brand,
          last4: card.last4,
          exp_month: card.exp_month,
          exp_year: card.exp_year,
          country: card.country ?? null,
          funding: card.funding,
          name: billing.name ?? null,
          address_line1: billing.address?.line1 ?? null,
          address_city: billing.address?.city ?? null,
          address_postal_code: billing.address?.postal_code ?? null,
          address_country: billing.address?.country ?? null,
          wallet: walletOf(card.wallet?.type),
        };
      },

      async detachPaymentMethod(paymentMethodId, idempotencyKey) {
        await translated(stripe.paymentMethods.detach(paymentMethodId, {}, { idempotencyKey }));
      },

      async updateBillingDetails(paymentMethodId, billing) {
        await translated(
          stripe.paymentMethods.update(paymentMethodId, {
            billing_details: {
              name: billing.name,
              address: {
                line1: billing.address_line1,
                city: billing.address_city,
                postal_code: billing.address_postal_code,
                country: billing.address_country,
              },
            },
          }),
        );
      },

      async createIntent(input) {
        const intent = await translated(
          stripe.paymentIntents.create(
            {
              amount: input.amount,
              currency: input.currency,
              customer: await customerOf(input.user),
              ...(input.paymentMethodId ? { payment_method: input.paymentMethodId } : {}),
              allowed_payment_method_types: ['card'],
              capture_method: input.captureMethod,
              metadata: { userId: input.user.id, purpose: input.purpose },
            },
            { idempotencyKey: input.idempotencyKey },
          ),
        );
        return stripeIntentSnapshot(intent);
      },

      async holdOffSession(input) {
        try {
          const intent = await stripe.paymentIntents.create(
            {
              amount: input.amount,
              currency: input.currency,
              customer: await customerOf(input.user),
              payment_method: input.paymentMethodId,
              allowed_payment_method_types: ['card'],
              capture_method: 'manual',
              off_session: true,
              confirm: true,
              metadata: { userId: input.user.id, purpose: 'charge' },
            },
            { idempotencyKey: input.idempotencyKey },
          );
          return stripeIntentSnapshot(intent);
        } catch (error) {
          // A decline, authentication_required included, leaves the intent to record.
          if (error instanceof Stripe.errors.StripeCardError && error.payment_intent) {
            return {
              ...stripeIntentSnapshot(error.payment_intent),
              lastError: error.payment_intent.last_payment_error?.message ?? error.message,
            };
          }
          throw stripeFailure(error);
        }
      },

      async retrieveIntent(intentId) {
        return stripeIntentSnapshot(await translated(stripe.paymentIntents.retrieve(intentId)));
      },

      async capture(intentId, amount, idempotencyKey) {
        const intent = await translated(
          stripe.paymentIntents.capture(
            intentId,
            { amount_to_capture: amount },
            { idempotencyKey },
          ),
        );
        return stripeIntentSnapshot(intent);
      },

      async cancel(intentId, idempotencyKey, reason) {
        const intent = await translated(
          stripe.paymentIntents.cancel(intentId, reason ? { cancellation_reason: reason } : {}, {
            idempotencyKey,
          }),
        );
        return stripeIntentSnapshot(intent);
      },

      async refund({ intentId, amount, reason, idempotencyKey }) {
        const refund = await translated(
          stripe.refunds.create(
            {
              payment_intent: intentId,
              amount,
              reason: 'requested_by_customer',
              metadata: { reason: reason.slice(0, 500) },
            },
            { idempotencyKey },
          ),
        );
        return { id: refund.id };
      },
    };
  };
}
