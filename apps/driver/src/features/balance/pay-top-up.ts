import { captureMethodFor, resumedPaymentStep } from '@evc/domain';
import type { SandboxPaymentIntent } from '@evc/contract';
import { ApiError } from '../../lib/api/api-error.ts';
import { initiatePaymentIntent } from '../../lib/api/calls/initiate-payment-intent.ts';
import { sandboxAuthenticatePaymentIntent } from '../../lib/api/calls/sandbox-authenticate-payment-intent.ts';
import { sandboxConfirmPaymentIntent } from '../../lib/api/calls/sandbox-confirm-payment-intent.ts';
import { retrieveIntent, stripeFor } from '../../lib/stripe.ts';

/** Where a top-up stands after a step: paid, waiting for the bank's challenge, or refused. */
export type TopUpOutcome =
  | { kind: 'succeeded'; amountReceived: number }
  | { kind: 'challenge'; intentId: string }
  | { kind: 'failed'; reason: TopUpFailure; detail: string | null };

/**
 * spec 000 §8: a card the bank refuses is 'Payment Failed, please use another card'; a 3-D
 * Secure challenge that fails is 'Payment Failed'; `stripeUnavailable`: Stripe.js could not be
 * loaded (no connection to Stripe), so nothing was confirmed.
 */
export type TopUpFailure = 'useAnotherCard' | 'authentication' | 'stripeUnavailable';

const CARD_REFUSALS = new Set(['CARD_DECLINED', 'INSUFFICIENT_FUNDS']);

function outcomeOf(intent: SandboxPaymentIntent): TopUpOutcome {
  switch (intent.status) {
    case 'succeeded':
      return { kind: 'succeeded', amountReceived: intent.amount_received };
    case 'requires_action':
      return { kind: 'challenge', intentId: intent.id };
    case 'requires_payment_method':
    case 'requires_confirmation':
    case 'processing':
    case 'requires_capture':
    case 'canceled':
      return { kind: 'failed', reason: 'useAnotherCard', detail: null };
  }
}

/** A refusal from the provider is an outcome; anything else (no connection, 5xx) is thrown. */
function refusal(error: unknown): TopUpOutcome {
  if (error instanceof ApiError && error.status === 402) {
    const reason = CARD_REFUSALS.has(error.code) ? 'useAnotherCard' : 'authentication';
    return { kind: 'failed', reason, detail: error.message };
  }
  throw error;
}

/**
 * spec 000 §4: a top-up is a payment intent taken at once (capture automatic) with the chosen
 * card, then confirmed with the provider; the provider credits the balance when it succeeds.
 */
export async function payTopUp(input: {
  amountMinor: number;
  cardId: string;
  /** The brand's Stripe publishable key; null means the server's sandbox takes payments. */
  stripeKey: string | null;
  /** Keeps the new intent before it is confirmed, so the top-up survives a reload. */
  keepIntent?: (intent: { intentId: string; clientSecret: string }) => void;
}): Promise<TopUpOutcome> {
  const intent = await initiatePaymentIntent({
    connector_id: null,
    type: 'topup',
    amount: input.amountMinor,
    source: input.cardId,
    capture_method: captureMethodFor('topup'),
  });
  input.keepIntent?.({ intentId: intent.intentid, clientSecret: intent.client_secret });
  if (input.stripeKey)
    return confirmWithStripe(input.stripeKey, intent.client_secret, input.cardId);
  try {
    const confirmed = await sandboxConfirmPaymentIntent(intent.intentid, input.cardId);
    return outcomeOf(confirmed);
  } catch (error) {
    return refusal(error);
  }
}

/**
 * Stripe.js confirms the intent and runs any 3-D Secure step itself; the server credits the
 * balance when Stripe's webhook says the payment succeeded.
 */
async function confirmWithStripe(
  publishableKey: string,
  clientSecret: string,
  cardId: string | null,
): Promise<TopUpOutcome> {
  const stripe = await stripeFor(publishableKey).catch(() => null);
  if (!stripe) return { kind: 'failed', reason: 'stripeUnavailable', detail: null };
  // Without a card it carries on with the one the intent was confirmed with (a resumed challenge).
  const result = await stripe.confirmCardPayment(
    clientSecret,
    cardId ? { payment_method: cardId } : undefined,
  );
  if (result.error) {
    const reason = result.error.type === 'card_error' ? 'useAnotherCard' : 'authentication';
    return { kind: 'failed', reason, detail: result.error.message ?? null };
  }
  return result.paymentIntent.status === 'succeeded'
    ? { kind: 'succeeded', amountReceived: result.paymentIntent.amount }
    : { kind: 'failed', reason: 'authentication', detail: null };
}

/** The simulated 3-D Secure challenge: the driver approves it or fails it. */
export async function answerChallenge(
  intentId: string,
  outcome: 'approve' | 'fail',
): Promise<TopUpOutcome> {
  try {
    const answered = await sandboxAuthenticatePaymentIntent(intentId, outcome);
    return outcomeOf(answered);
  } catch (error) {
    return refusal(error);
  }
}

/**
 * spec 000 §4: carries on with a top-up interrupted mid-way, from its intent's status read back
 * from its secret: paid is credited; a challenge is shown again; a refusal says so; one never
 * confirmed is confirmed now. A secret that cannot be read throws INVALID_SECRET (spec 000 §8).
 */
export async function resumeTopUp(input: {
  clientSecret: string;
  amountMinor: number;
  cardId: string;
  stripeKey: string | null;
}): Promise<TopUpOutcome> {
  const intent = await retrieveIntent(input.stripeKey, input.clientSecret);
  switch (resumedPaymentStep(intent)) {
    case 'paid':
      return { kind: 'succeeded', amountReceived: input.amountMinor };
    case 'challenge':
      return input.stripeKey
        ? confirmWithStripe(input.stripeKey, input.clientSecret, null)
        : { kind: 'challenge', intentId: intent.intentId };
    case 'refused':
      return { kind: 'failed', reason: 'useAnotherCard', detail: intent.lastError };
    case 'unconfirmed':
      if (input.stripeKey)
        return confirmWithStripe(input.stripeKey, input.clientSecret, input.cardId);
      try {
        return outcomeOf(await sandboxConfirmPaymentIntent(intent.intentId, input.cardId));
      } catch (error) {
        return refusal(error);
      }
    case 'processing':
    case 'cancelled':
      return { kind: 'failed', reason: 'authentication', detail: null };
  }
}
