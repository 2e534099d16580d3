// spec 000 §9 business constants. Money in minor units unless the name says otherwise.

/** Default pre-authorisation and top-up amount: 3000 minor units (30.00). */
export const DEFAULT_PREAUTH_MINOR = 3000;
export const DEFAULT_TOPUP_MINOR = 3000;
export const DEFAULT_CURRENCY = 'gbp';
export const DEFAULT_COUNTRY = 'GB';

/** Top-up quick amounts in major units of the user's currency, plus a free amount. */
export const TOPUP_QUICK_AMOUNTS = [5, 10, 25, 50] as const;

export const PAYMENT_METHODS = ['CREDIT', 'FUELCARD', 'PAYG', 'APPLEPAY', 'GOOGLEPAY'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The service worker registers when the app is stable or after this long. */
export const SERVICE_WORKER_FALLBACK_MS = 30_000;
/** spec 000 §2: anchors scroll with an offset of 64 px. */
export const ANCHOR_OFFSET_PX = 64;
/** spec 001 §9: debounce button period. */
export const DEBOUNCE_MS = 1000;
/** spec 000 §2: the terms modal's embedded page is 80% high. */
export const TERMS_MODAL_HEIGHT = '80%';
/** spec 000 §9: registration offers pound, US dollar, euro and other. */
export const REGISTRATION_CURRENCY_CHOICES = ['gbp', 'usd', 'eur', 'other'] as const;
/**
 * spec 000 §2, §4: the e-mail-sent page counts down before a resend; the spec leaves the length
 * open. 60 s leaves time for normal delivery before a second message is asked for.
 */
export const REGISTRATION_EMAIL_RESEND_SECONDS = 60;
