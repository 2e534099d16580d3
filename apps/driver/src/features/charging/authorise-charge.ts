import type { UncapturedPaymentIntent } from '@evc/contract';
import { needsPaymentIntent, planChargeIntent, type PaymentMethod } from '@evc/domain';
import { ApiError } from '../../lib/api/api-error.ts';
import { callApi } from '../../lib/api/client.ts';
import { stripeFor } from '../../lib/stripe.ts';

/** The driver's answer in the simulated 3-D Secure challenge. */
export type ChallengeAnswer = 'approve' | 'fail';

/** How the pre-authorisation went: held (or none needed), declined by the bank, or failed. */
export type ChargeAuthorisation =
  | { kind: 'authorised'; intentId: string | null }
  | { kind: 'declined'; message: string }
  | { kind: 'failed'; message: string | null };

export interface AuthoriseChargeInput {
  method: PaymentMethod;
  /** The saved card paying (PAYG or FUELCARD); null for credit. */
  cardId: string | null;
  chargerId: string;
  connectorNumber: number;
  amountMinor: number;
  /** The brand's Stripe key: Stripe.js confirms; without one, the sandbox does. */
  publishableKey: string | null;
  /** Shows the sandbox's 3-D Secure challenge (message 'Card confirmation needed'). */
  challenge: () => Promise<ChallengeAnswer>;
}

/** Which held intent to reuse: one made for this connector, else any left on the card. */
export function reusableIntent(
  held: readonly UncapturedPaymentIntent[],
  connectorId: string,
  amountMinor: number,
): UncapturedPaymentIntent | null {
  const enough = held.filter((intent) => intent.amount_capturable >= amountMinor);
  return enough.find((intent) => intent.connector_id === connectorId) ?? enough[0] ?? null;
}

async function confirmInSandbox(
  intentId: string,
  cardId: string,
  challenge: AuthoriseChargeInput['challenge'],
): Promise<ChargeAuthorisation> {
  try {
    let intent = await callApi(
      'sandboxConfirmPaymentIntent',
      { payment_method: cardId },
      { params: { id: intentId } },
    );
    if (intent.status === 'requires_action') {
      const outcome = await challenge();
      intent = await callApi(
        'sandboxAuthenticatePaymentIntent',
        { outcome },
        { params: { id: intentId } },
      );
    }
    return intent.status === 'requires_capture'
      ? { kind: 'authorised', intentId }
      : { kind: 'failed', message: null };
  } catch (error) {
    // 402: the card itself was refused (declined, insufficient funds).
    if (error instanceof ApiError && error.status === 402)
      return { kind: 'declined', message: error.message };
    return { kind: 'failed', message: error instanceof ApiError ? error.message : null };
  }
}

async function confirmWithStripe(
  publishableKey: string,
  clientSecret: string,
  intentId: string,
  cardId: string,
): Promise<ChargeAuthorisation> {
  const stripe = await stripeFor(publishableKey);
  if (!stripe) return { kind: 'failed', message: null };
  // Stripe.js runs any 3-D Secure step itself before it answers.
  const result = await stripe.confirmCardPayment(clientSecret, { payment_method: cardId });
  if (result.error) {
    return result.error.type === 'card_error'
      ? { kind: 'declined', message: result.error.message ?? '' }
      : { kind: 'failed', message: result.error.message ?? null };
  }
  return result.paymentIntent.status === 'requires_capture'
    ? { kind: 'authorised', intentId }
    : { kind: 'failed', message: null };
}

/**
 * spec 000 §4: the hold before charging. CREDIT and FUELCARD need none; PAYG reuses an uncaptured
 * intent on the card when there is one; otherwise an intent is created (capture manual) for the
 * pre-authorisation and confirmed with the provider, through 3-D Secure when the bank asks.
 */
export async function authoriseCharge(input: AuthoriseChargeInput): Promise<ChargeAuthorisation> {
  if (!needsPaymentIntent(input.method)) return { kind: 'authorised', intentId: null };
  if (!input.cardId) return { kind: 'failed', message: null };
  const connectorId = `${input.chargerId}:${input.connectorNumber}`;
  try {
    const held =
      input.method === 'PAYG'
        ? await callApi('getUncapturedPaymentIntents', { card_id: input.cardId })
        : [];
    const plan = planChargeIntent({
      method: input.method,
      uncapturedIntentId: reusableIntent(held, connectorId, input.amountMinor)?.intentid ?? null,
    });
    switch (plan.kind) {
      case 'none':
        return { kind: 'authorised', intentId: null };
      case 'reuse':
        return { kind: 'authorised', intentId: plan.intentId };
      case 'create': {
        const intent = await callApi('initiatePaymentIntent', {
          connector_id: connectorId,
          type: 'charge',
          amount: input.amountMinor,
          source: input.cardId,
          capture_method: plan.captureMethod,
        });
        return input.publishableKey
          ? await confirmWithStripe(
              input.publishableKey,
              intent.client_secret,
              intent.intentid,
              input.cardId,
            )
          : await confirmInSandbox(intent.intentid, input.cardId, input.challenge);
      }
    }
  } catch (error) {
    return { kind: 'failed', message: error instanceof ApiError ? error.message : null };
  }
}

/**
 * A wallet payment (Apple Pay, Google Pay through the browser's Payment Request): the wallet's
 * payment method pays a new intent for the pre-authorisation, confirmed with Stripe.js.
 */
export async function authoriseWalletCharge(input: {
  publishableKey: string;
  paymentMethodId: string;
  chargerId: string;
  connectorNumber: number;
  amountMinor: number;
}): Promise<ChargeAuthorisation> {
  const stripe = await stripeFor(input.publishableKey);
  if (!stripe) return { kind: 'failed', message: null };
  try {
    const intent = await callApi('initiatePaymentIntent', {
      connector_id: `${input.chargerId}:${input.connectorNumber}`,
      type: 'charge',
      amount: input.amountMinor,
      source: input.paymentMethodId,
      capture_method: 'manual',
    });
    const first = await stripe.confirmCardPayment(
      intent.client_secret,
      { payment_method: input.paymentMethodId },
      // The wallet sheet is still open: answer it first, run any bank step after.
      { handleActions: false },
    );
    if (first.error) return { kind: 'declined', message: first.error.message ?? '' };
    let status = first.paymentIntent.status;
    if (status === 'requires_action') {
      const second = await stripe.confirmCardPayment(intent.client_secret);
      if (second.error) return { kind: 'declined', message: second.error.message ?? '' };
      status = second.paymentIntent.status;
    }
    return status === 'requires_capture'
      ? { kind: 'authorised', intentId: intent.intentid }
      : { kind: 'failed', message: null };
  } catch (error) {
    return { kind: 'failed', message: error instanceof ApiError ? error.message : null };
  }
}
