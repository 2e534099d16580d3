import type { UncapturedPaymentIntent } from '@evc/contract';
import {
  captureMethodFor,
  needsPaymentIntent,
  planChargeIntent,
  resumedPaymentStep,
  type PaymentErrorName,
  type PaymentMethod,
  type Wallet,
} from '@evc/domain';
import { ApiError } from '../../lib/api/api-error.ts';
import { initiatePaymentIntent } from '../../lib/api/calls/initiate-payment-intent.ts';
import { sandboxAuthenticatePaymentIntent } from '../../lib/api/calls/sandbox-authenticate-payment-intent.ts';
import { sandboxConfirmPaymentIntent } from '../../lib/api/calls/sandbox-confirm-payment-intent.ts';
import type { WalletPay, WalletPaymentRequest } from '../../lib/platform/wallet-pay.ts';
import { PaymentError } from '../../lib/payment-error.ts';
import { initialisedStripe, retrieveIntent } from '../../lib/stripe.ts';
import { getUncapturedPaymentIntents } from './api/get-uncaptured-payment-intents.ts';

/** The driver's answer in the simulated 3-D Secure challenge. */
export type ChallengeAnswer = 'approve' | 'fail';

/** How the pre-authorisation went: held (or none needed), declined by the bank, or failed. */
export type ChargeAuthorisation =
  | { kind: 'authorised'; intentId: string | null }
  | { kind: 'declined'; message: string }
  | { kind: 'failed'; message: string | null; code?: PaymentErrorName };

/** A failure as the page shows it: the server's words, else the named error's (spec 000 §8). */
function failure(error: unknown): ChargeAuthorisation {
  if (error instanceof PaymentError) return { kind: 'failed', message: null, code: error.code };
  return { kind: 'failed', message: error instanceof ApiError ? error.message : null };
}

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
  /** Keeps the new intent before it is confirmed, so the payment survives a reload. */
  keepIntent?: (intent: { intentId: string; clientSecret: string }) => void;
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

/** The sandbox's 3-D Secure challenge for an intent that asks for it, answered by the driver. */
async function authenticateInSandbox(
  intentId: string,
  challenge: AuthoriseChargeInput['challenge'],
): Promise<ChargeAuthorisation> {
  return sandboxOutcome(intentId, async () =>
    sandboxAuthenticatePaymentIntent(intentId, await challenge()),
  );
}

async function confirmInSandbox(
  intentId: string,
  cardId: string,
  challenge: AuthoriseChargeInput['challenge'],
): Promise<ChargeAuthorisation> {
  return sandboxOutcome(intentId, async () => {
    const intent = await sandboxConfirmPaymentIntent(intentId, cardId);
    return intent.status === 'requires_action'
      ? sandboxAuthenticatePaymentIntent(intentId, await challenge())
      : intent;
  });
}

async function sandboxOutcome(
  intentId: string,
  move: () => Promise<{ status: string }>,
): Promise<ChargeAuthorisation> {
  try {
    const intent = await move();
    return intent.status === 'requires_capture'
      ? { kind: 'authorised', intentId }
      : { kind: 'failed', message: null };
  } catch (error) {
    // 402: the card itself was refused (declined, insufficient funds).
    if (error instanceof ApiError && error.status === 402)
      return { kind: 'declined', message: error.message };
    return failure(error);
  }
}

async function confirmWithStripe(
  publishableKey: string,
  clientSecret: string,
  intentId: string,
  cardId: string | null,
): Promise<ChargeAuthorisation> {
  const stripe = await initialisedStripe(publishableKey);
  // Stripe.js runs any 3-D Secure step itself before it answers; without a card it carries on
  // with the one the intent was confirmed with (a resumed challenge).
  const result = await stripe.confirmCardPayment(
    clientSecret,
    cardId ? { payment_method: cardId } : undefined,
  );
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
  if (!input.cardId) return failure(new PaymentError('NO_CARD'));
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
        input.keepIntent?.({ intentId: intent.intentid, clientSecret: intent.client_secret });
        return await confirmCard(input, intent.client_secret, intent.intentid, input.cardId);
      }
    }
  } catch (error) {
    return failure(error);
  }
}

/** Confirms a card payment with Stripe where the brand has a key, in the sandbox otherwise. */
function confirmCard(
  input: { publishableKey: string | null; challenge: () => Promise<ChallengeAnswer> },
  clientSecret: string,
  intentId: string,
  cardId: string,
): Promise<ChargeAuthorisation> {
  return input.publishableKey
    ? confirmWithStripe(input.publishableKey, clientSecret, intentId, cardId)
    : confirmInSandbox(intentId, cardId, input.challenge);
}

/**
 * spec 000 §4: carries on with a charge's payment interrupted mid-way (a 3-D Secure challenge
 * left by a reload, a restart, a lost connection), from its intent's status read back from its
 * secret: held carries on; a challenge is shown again; a refusal says why; one never confirmed is
 * confirmed now. INVALID_SECRET when the secret cannot be read.
 */
export async function resumeCharge(input: {
  intentId: string;
  clientSecret: string;
  cardId: string | null;
  publishableKey: string | null;
  challenge: () => Promise<ChallengeAnswer>;
}): Promise<ChargeAuthorisation> {
  try {
    const intent = await retrieveIntent(input.publishableKey, input.clientSecret);
    switch (resumedPaymentStep(intent)) {
      case 'paid':
        return { kind: 'authorised', intentId: intent.intentId };
      case 'refused':
        return { kind: 'declined', message: intent.lastError ?? '' };
      case 'challenge':
        if (input.publishableKey)
          return await confirmWithStripe(
            input.publishableKey,
            input.clientSecret,
            intent.intentId,
            null,
          );
        return await authenticateInSandbox(intent.intentId, input.challenge);
      case 'unconfirmed':
        if (!input.cardId) return failure(new PaymentError('NO_CARD'));
        return await confirmCard(input, input.clientSecret, intent.intentId, input.cardId);
      case 'processing':
      case 'cancelled':
        return { kind: 'failed', message: null };
    }
  } catch (error) {
    return failure(error);
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
