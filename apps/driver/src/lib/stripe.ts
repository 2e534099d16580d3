import { Capacitor } from '@capacitor/core';
import type { Stripe } from '@stripe/stripe-js';
// The pure entry loads Stripe.js from Stripe's servers only when first asked for, not on import.
import { loadStripe } from '@stripe/stripe-js/pure';
import { intentIdOfSecret, type IntentStatus } from '@evc/domain';
import { ApiError } from './api/api-error.ts';
import { callApi } from './api/client.ts';
import { PaymentError } from './payment-error.ts';

const loaded = new Map<string, Promise<Stripe | null>>();

/** Stripe.js for a brand's publishable key, loaded once per key. */
export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}

/** Stripe.js, or NOT_INITIALISED (spec 000 §8) when it could not be loaded. */
export async function initialisedStripe(publishableKey: string): Promise<Stripe> {
  const stripe = await stripeFor(publishableKey).catch(() => null);
  if (!stripe) throw new PaymentError('NOT_INITIALISED');
  return stripe;
}

/**
 * Guards a check that only a browser can make (the Payment Request API, a 3-D Secure page in
 * the same window): INVALID_METHOD_CALL (spec 000 §8) on a phone's native platform.
 */
export function requireWebPlatform(): void {
  if (Capacitor.getPlatform() !== 'web') throw new PaymentError('INVALID_METHOD_CALL');
}

/** An intent as read back from its secret. */
export interface RetrievedIntent {
  intentId: string;
  status: IntentStatus;
  captureMethod: 'manual' | 'automatic';
  /** Why the bank refused it last, if it did. */
  lastError: string | null;
}

/**
 * spec 000 §4: an intent's status, retrieved from its secret: Stripe.js's retrievePaymentIntent
 * with the brand's key, else the sandbox's read of the same. INVALID_SECRET (§8) when the secret
 * cannot be read or names no intent of this driver's.
 */
export async function retrieveIntent(
  publishableKey: string | null,
  secret: string,
): Promise<RetrievedIntent> {
  const intentId = intentIdOfSecret(secret);
  if (!intentId) throw new PaymentError('INVALID_SECRET');
  if (publishableKey) {
    const stripe = await initialisedStripe(publishableKey);
    const { paymentIntent, error } = await stripe.retrievePaymentIntent(secret);
    if (error || !paymentIntent) throw new PaymentError('INVALID_SECRET');
    return {
      intentId: paymentIntent.id,
      status: paymentIntent.status,
      captureMethod: paymentIntent.capture_method === 'manual' ? 'manual' : 'automatic',
      lastError: paymentIntent.last_payment_error?.message ?? null,
    };
  }
  try {
    const intent = await callApi('sandboxGetPaymentIntent', undefined, {
      params: { id: intentId },
      query: { client_secret: secret },
    });
    return {
      intentId: intent.id,
      status: intent.status,
      captureMethod: intent.capture_method,
      lastError: intent.last_payment_error?.message ?? null,
    };
  } catch (error) {
    // A connection lost again is not a bad secret: the driver can try once more.
    if (error instanceof ApiError && error.status === 404) throw new PaymentError('INVALID_SECRET');
    throw error;
  }
}
