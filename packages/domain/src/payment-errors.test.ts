import { describe, expect, it } from 'vitest';
import {
  intentIdOfSecret,
  PAYMENT_ERRORS,
  resumedPaymentStep,
  walletFailureError,
} from './payment-errors.ts';

describe('internal payment errors (spec 000 §8)', () => {
  it.each([
    ['NO_CARD', 'NO_CARD'],
    ['NOT_INITIALISED', 'NOT_INITIALISED'],
    ['INVALID_METHOD_CALL', 'INVALID_METHOD_CALL'],
    ['INVALID_SECRET', 'INVALID_SECRET'],
    ['GOOGLE_PAY_FAILED', 'Google Pay Failed.'],
    ['APPLE_PAY_FAILED', 'Apple Pay Failed'],
  ] as const)('%s carries the message %j', (name, message) => {
    expect(PAYMENT_ERRORS[name]).toBe(message);
  });

  it.each([
    ['GOOGLEPAY', 'Google Pay Failed.'],
    ['APPLEPAY', 'Apple Pay Failed'],
  ] as const)('a %s failure without a reason is %j', (wallet, message) => {
    expect(PAYMENT_ERRORS[walletFailureError(wallet)]).toBe(message);
  });
});

describe('the intent a secret belongs to (spec 000 §4, §8 INVALID_SECRET)', () => {
  it.each([
    ['pi_3Nabc123_secret_XyZ987', 'pi_3Nabc123'],
    ['pi_sbx_0123abcd_secret_q-w_E', 'pi_sbx_0123abcd'],
    ['pi_3Nabc123', null],
    ['seti_123_secret_abc', null],
    ['pi_123_secret_', null],
    ['', null],
    [null, null],
    [42, null],
  ])('%j → %j', (secret, intentId) => {
    expect(intentIdOfSecret(secret)).toBe(intentId);
  });
});

describe('what an interrupted payment does next, from its intent’s status (spec 000 §4)', () => {
  it.each([
    ['requires_capture', 'manual', null, 'paid'],
    ['succeeded', 'automatic', null, 'paid'],
    ['requires_capture', 'automatic', null, 'processing'],
    ['requires_action', 'manual', null, 'challenge'],
    ['requires_payment_method', 'manual', 'Your card was declined.', 'refused'],
    ['requires_payment_method', 'automatic', null, 'unconfirmed'],
    ['requires_confirmation', 'manual', null, 'unconfirmed'],
    ['processing', 'manual', null, 'processing'],
    ['canceled', 'manual', null, 'cancelled'],
  ] as const)('%s (capture %s, error %j) → %s', (status, captureMethod, lastError, step) => {
    expect(resumedPaymentStep({ status, captureMethod, lastError })).toBe(step);
  });
});
