import type { Stripe } from '@stripe/stripe-js';
// The pure entry loads Stripe.js from Stripe's servers only when first asked for, not on import.
import { loadStripe } from '@stripe/stripe-js/pure';

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
