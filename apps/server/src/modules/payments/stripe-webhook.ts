import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { API_PREFIX } from '../../platform/http/call-registrar.ts';
import { createPaymentRepository } from './repository.ts';
import { recordIntentState } from './service.ts';
import { stripeIntentSnapshot } from './stripe-intents.ts';

export const STRIPE_WEBHOOK_PATH = `${API_PREFIX}/stripe/webhook`;

/** Events that change an intent we hold a record of. */
const INTENT_EVENTS = new Set([
  'payment_intent.succeeded',
  'payment_intent.amount_capturable_updated',
  'payment_intent.canceled',
  'payment_intent.payment_failed',
  'payment_intent.requires_action',
  'payment_intent.processing',
]);

/**
 * Stripe's webhook: the signature is checked against the raw body, and each event id is handled
 * once (recorded in the same transaction as its effect, so a failed attempt is retried by
 * Stripe). A top-up's `payment_intent.succeeded` credits the balance here.
 */
export async function registerStripeWebhook(
  app: FastifyInstance,
  deps: { db: Db; stripe: Stripe; webhookSecret: string },
) {
  await app.register((scope, _options, done) => {
    // The signature covers the bytes Stripe sent, so this route keeps them unparsed.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, next) =>
      next(null, body),
    );
    scope.post(STRIPE_WEBHOOK_PATH, async (request) => {
      const signature = request.headers['stripe-signature'];
      if (!Buffer.isBuffer(request.body) || typeof signature !== 'string') {
        throw new AppError(400, 'SIGNATURE_INVALID', 'stripe-signature: missing');
      }
      let event: Stripe.Event;
      try {
        event = deps.stripe.webhooks.constructEvent(request.body, signature, deps.webhookSecret);
      } catch {
        throw new AppError(400, 'SIGNATURE_INVALID', 'stripe-signature: does not match the body');
      }
      const handled = await deps.db.transaction(async (tx) => {
        const repo = createPaymentRepository(tx);
        if (!(await repo.recordStripeEvent(event.id, event.type))) return false;
        if (INTENT_EVENTS.has(event.type)) {
          const intent = event.data.object as Stripe.PaymentIntent;
          if (await repo.intent(intent.id, { lock: true })) {
            await recordIntentState(repo, stripeIntentSnapshot(intent));
          }
        }
        return true;
      });
      return { data: { received: true, duplicate: !handled } };
    });
    done();
  });
}
