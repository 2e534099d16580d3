import type { UncapturedPaymentIntent } from '@evc/contract';
import {
  captureMethodFor,
  needsPaymentIntent,
  planChargeIntent,
  type PaymentMethod,
  type Wallet,
} from '@evc/domain';
import { ApiError } from '../../lib/api/api-error.ts';
import { initiatePaymentIntent } from '../../lib/api/calls/initiate-payment-intent.ts';
import { sandboxAuthenticatePaymentIntent } from '../../lib/api/calls/sandbox-authenticate-payment-intent.ts';
import { sandboxConfirmPaymentIntent } from '../../lib/api/calls/sandbox-confirm-payment-intent.ts';
import type { WalletPay, WalletPaymentRequest } from '../../lib/platform/wallet-pay.ts';
import { stripeFor } from '../../lib/stripe.ts';
import { getUncapturedPaymentIntents } from './api/get-uncaptured-payment-intents.ts';

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
    let intent = await sandboxConfirmPaymentIntent(intentId, cardId);
    if (intent.status === 'requires_action') {
      const outcome = await challenge();
      intent = await sandboxAuthenticatePaymentIntent(intentId, outcome);
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
    const held = input.method === 'PAYG' ? await getUncapturedPaymentIntents(input.cardId) : [];
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
        const intent = await initiatePaymentIntent({
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
 * spec 000 §4: a wallet payment (Google Pay, Apple Pay) of the pre-authorisation. The intent is
 * made with the wallet as its source; the platform's wallet confirms it with its own payment
 * method (Stripe.js in a browser, the native SDK on a phone). Closing the sheet is no failure.
 */
export async function authoriseWalletCharge(input: {
  wallets: WalletPay;
  wallet: Wallet;
  request: WalletPaymentRequest;
  chargerId: string;
  connectorNumber: number;
}): Promise<ChargeAuthorisation | { kind: 'cancelled' }> {
  const outcome = await input.wallets.pay(input.wallet, input.request, async () => {
    const intent = await initiatePaymentIntent({
      connector_id: `${input.chargerId}:${input.connectorNumber}`,
      type: 'charge',
      amount: input.request.amountMinor,
      source: input.wallet,
      capture_method: captureMethodFor('charge'),
    });
    return { intentId: intent.intentid, clientSecret: intent.client_secret };
  });
  return outcome.kind === 'paid' ? { kind: 'authorised', intentId: outcome.intentId } : outcome;
}
