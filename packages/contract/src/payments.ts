import { z } from 'zod';
import { PAYMENT_METHODS, REGISTRATION_MESSAGES_EN } from '@evc/domain';
import { email, isoDateTime, requestId, text, TEXT_LIMITS } from './shared.ts';

export const paymentMethodKind = z.enum(PAYMENT_METHODS);

const minorAmount = z.number().int().min(1).max(1_000_000);
/** A provider's payment-method id: Stripe's `pm_…` or the sandbox's. */
const paymentMethodId = text(255).trim().min(3);

/**
 * spec 000 §3: a saved card. `source` is one of the five payment methods: PAYG for an ordinary
 * card, FUELCARD for a fuel card (saved the same way, marked by the driver), APPLEPAY or
 * GOOGLEPAY for a card the wallet gave; `default` is the card charged when none is chosen.
 */
export const card = z.object({
  id: z.string(),
  source: paymentMethodKind,
  brand: z.string(),
  last4: z.string().regex(/^\d{4}$/),
  exp_month: z.number().int().min(1).max(12),
  exp_year: z.number().int(),
  country: z.string().nullable(),
  funding: z.string().nullable(),
  name: z.string().nullable(),
  address_line1: z.string().nullable(),
  address_city: z.string().nullable(),
  address_postal_code: z.string().nullable(),
  address_country: z.string().nullable(),
  default: z.boolean(),
});
export type Card = z.infer<typeof card>;

/** POST /listCards {}: the caller's saved cards, the default first. */
export const listCardsResponse = z.array(card);

/** POST /addToStripeSources {card}: saves a payment method the app created with the provider. */
export const addToStripeSourcesRequest = z.object({
  card: paymentMethodId,
  fuelCard: z.boolean().default(false),
});
export const addToStripeSourcesResponse = card;

/** POST /deleteStripeSource {source} and /selectDefaultStripeSource {source}: answer the list. */
export const cardSourceRequest = z.object({ source: requestId });

/** GET /development/stripe/paymentMethod?pm_id: one of the caller's cards. */
export const paymentMethodQuery = z.object({ pm_id: requestId });

/**
 * POST /initiatePaymentIntent. `type` says what the money is for: `charge` holds the charger's
 * pre-authorisation (capture manual), `topup` adds credit (capture automatic); `connector_id` is
 * the charger's _id and connector number as `{chargerid}:{connectornumber}` and is required for
 * a charge. `source` is a saved card id, or GOOGLEPAY or APPLEPAY for a wallet: the intent is
 * then made without a payment method (requires_payment_method) and the client confirms it with
 * the wallet's (Stripe.js confirmCardPayment on the web, the native wallet SDK on a phone).
 */
export const initiatePaymentIntentRequest = z
  .object({
    connector_id: text(TEXT_LIMITS.id)
      .regex(/^[^:]+:\d{1,2}$/, '{chargerid}:{connectornumber}')
      .nullable()
      .default(null),
    type: z.enum(['charge', 'topup']),
    amount: minorAmount,
    source: paymentMethodId,
    capture_method: z.enum(['manual', 'automatic']),
  })
  .superRefine((request, ctx) => {
    const expected = request.type === 'charge' ? 'manual' : 'automatic';
    if (request.capture_method !== expected)
      ctx.addIssue({
        code: 'custom',
        path: ['capture_method'],
        message: `${request.type} needs capture_method ${expected}`,
      });
    if (request.type === 'charge' && request.connector_id === null)
      ctx.addIssue({ code: 'custom', path: ['connector_id'], message: 'required for a charge' });
  });
/** spec 000 §3: the payment intent response (`secret` and `client_secret` are the same value). */
export const paymentIntentResponse = z.object({
  intentid: z.string(),
  secret: z.string(),
  client_secret: z.string(),
});
export type PaymentIntentResponse = z.infer<typeof paymentIntentResponse>;

export const PAYMENT_INTENT_STATUSES = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'succeeded',
  'canceled',
] as const;
export const paymentIntentStatus = z.enum(PAYMENT_INTENT_STATUSES);

/** POST /getUncapturedPaymentIntents {card_id}: holds on that card not yet used by a session. */
export const getUncapturedPaymentIntentsRequest = z.object({ card_id: requestId });
export const uncapturedPaymentIntent = z.object({
  intentid: z.string(),
  client_secret: z.string(),
  amount: z.number().int(),
  amount_capturable: z.number().int(),
  currency: z.string(),
  connector_id: z.string().nullable(),
  created: isoDateTime,
});
export const getUncapturedPaymentIntentsResponse = z.array(uncapturedPaymentIntent);
export type UncapturedPaymentIntent = z.infer<typeof uncapturedPaymentIntent>;

// The sandbox provider's client calls (used when no Stripe key is configured).

/** POST /sandbox/payment_methods: Stripe's test card numbers only (spaces allowed). */
export const sandboxPaymentMethodRequest = z.object({
  number: text(TEXT_LIMITS.code)
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'a card number of 12 to 19 digits')),
  exp_month: z.coerce.number().int().min(1).max(12),
  exp_year: z.coerce.number().int().min(2000).max(2100),
  cvc: text(TEXT_LIMITS.code).regex(/^\d{3,4}$/, '3 or 4 digits'),
});
export const sandboxPaymentMethodResponse = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
});
export const sandboxIntentParams = z.object({ id: requestId });
/**
 * Stripe.js's retrievePaymentIntent(client_secret), done by the sandbox: the secret read back
 * from where the app kept it is the key, as Stripe's is (a wrong one is a 404, as Stripe's).
 */
export const sandboxIntentQuery = z.object({ client_secret: text(255).optional() });
export const sandboxConfirmRequest = z.object({ payment_method: paymentMethodId });
/** The simulated 3-D Secure step: the driver approves or refuses in the challenge. */
export const sandboxAuthenticateRequest = z.object({ outcome: z.enum(['approve', 'fail']) });
export const sandboxPaymentIntent = z.object({
  id: z.string(),
  amount: z.number().int(),
  amount_capturable: z.number().int(),
  amount_received: z.number().int(),
  status: paymentIntentStatus,
  capture_method: z.enum(['manual', 'automatic']),
  /** Stripe's last_payment_error: why the bank refused it (a decline, a failed 3-D Secure). */
  last_payment_error: z.object({ message: z.string() }).nullable(),
});
export type SandboxPaymentIntent = z.infer<typeof sandboxPaymentIntent>;

/** POST /development/stripe/receipts/send/generic {transactionid}: mails the receipt. */
/**
 * POST /sendReceipt. `email`: where a guest's receipts go (required from a guest, kept for the
 * guest's later receipts); a user's receipt goes to the account's address, so a user sends none.
 */
export const sendReceiptRequest = z.object({ transactionid: requestId, email: email.optional() });

/**
 * POST /development/stripe/paymentMethod/update: the name and billing address on one of the
 * caller's saved cards (spec 000 §2 edit-card). Answers the card as saved.
 */
export const updatePaymentMethodRequest = z.object({
  pm_id: requestId,
  name: text(TEXT_LIMITS.name).trim().min(1, 'Please enter the name on the card.'),
  address_line1: text(TEXT_LIMITS.addressLine)
    .trim()
    .min(1, REGISTRATION_MESSAGES_EN['register.errors.address']),
  address_city: text(TEXT_LIMITS.city)
    .trim()
    .min(1, REGISTRATION_MESSAGES_EN['register.errors.city']),
  address_postal_code: text(TEXT_LIMITS.postcode)
    .trim()
    .min(1, REGISTRATION_MESSAGES_EN['register.errors.postcode']),
  address_country: text(TEXT_LIMITS.code)
    .trim()
    .toUpperCase()
    .length(2, REGISTRATION_MESSAGES_EN['register.errors.country']),
});
export type UpdatePaymentMethodRequest = z.output<typeof updatePaymentMethodRequest>;
