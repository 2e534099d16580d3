import { expect } from 'vitest';
import type { Card, PaymentIntentResponse, SandboxPaymentIntent } from '@evc/contract';
import type { SessionPayments } from '../modules/payments/session-payments.ts';
import { newId } from '../platform/crypto.ts';
import { AppError } from '../platform/errors.ts';
import type { TestApp } from './test-app.ts';

/** The sandbox's card that pays without trouble. */
export const GOOD_CARD = '4242424242424242';

/** A tariff that costs money, in pounds, not payable by fuel card. */
export const PAID_TARIFF = { payableByFuelCard: false, free: false, currency: 'GBP' };

/** What the wallet's sheet or the card form hands over: a sandbox payment method, not saved. */
export async function sandboxPaymentMethod(
  t: TestApp,
  token: string,
  number = GOOD_CARD,
): Promise<string> {
  const answer = await t.call('sandboxCreatePaymentMethod', {
    token,
    body: { number, exp_month: 12, exp_year: 2099, cvc: '123' },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.data as { id: string }).id;
}

/** A sandbox test card saved for the driver of `token` (a fuel card when `fuelCard`). */
export async function saveSandboxCard(
  t: TestApp,
  token: string,
  number = GOOD_CARD,
  fuelCard = false,
): Promise<Card> {
  const card = await sandboxPaymentMethod(t, token, number);
  const saved = await t.call('addToStripeSources', { token, body: { card, fuelCard } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body.data as Card;
}

/** A sandbox test card saved and made the driver's default; answers its id. */
export async function sandboxDefaultCard(t: TestApp, token: string, number: string) {
  const { id } = await saveSandboxCard(t, token, number);
  const chosen = await t.call('selectDefaultStripeSource', { token, body: { source: id } });
  expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
  return id;
}

/** The body of a 3000 pre-authorisation for a charge at connector 1 of the charger. */
export const chargeHold = (chargerId: string, source: string) => ({
  connector_id: `${chargerId}:1`,
  type: 'charge',
  amount: 3000,
  source,
  capture_method: 'manual',
});

/** Makes a payment intent; any answer but 200 fails the test. */
export async function initiateIntent(
  t: TestApp,
  token: string,
  body: object,
): Promise<PaymentIntentResponse> {
  const answer = await t.call('initiatePaymentIntent', { token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as PaymentIntentResponse;
}

/** Confirms an intent with a payment method, as the card form or the wallet sheet does. */
export const confirmSandboxIntent = (
  t: TestApp,
  token: string,
  intentId: string,
  paymentMethod: string,
) =>
  t.call('sandboxConfirmPaymentIntent', {
    token,
    params: { id: intentId },
    body: { payment_method: paymentMethod },
  });

/** A confirmed sandbox hold of 3000 on a newly saved card, for a charge at the charger. */
export async function sandboxHold(t: TestApp, token: string, chargerId: string) {
  const card = await saveSandboxCard(t, token);
  const { intentid } = await initiateIntent(t, token, chargeHold(chargerId, card.id));
  const confirmed = await confirmSandboxIntent(t, token, intentid, card.id);
  expect(confirmed.body.data).toMatchObject({
    status: 'requires_capture',
    amount_capturable: 3000,
  });
  return { intentId: intentid, card };
}

/** A sandbox intent as its owner reads it. */
export async function sandboxIntent(
  t: TestApp,
  token: string,
  id: string,
): Promise<SandboxPaymentIntent> {
  return (await t.call('sandboxGetPaymentIntent', { token, params: { id } })).body
    .data as SandboxPaymentIntent;
}

type AuthoriseInput = Parameters<SessionPayments['authoriseStart']>[0];
type SettleInput = Parameters<SessionPayments['settle']>[0];

/** Authorises the payment of a new session, as the sessions module does at a start. */
export function authoriseNewSession(t: TestApp, input: Omit<AuthoriseInput, 'sessionId'>) {
  const sessionId = newId();
  return { sessionId, result: t.services.sessionPayments.authoriseStart({ ...input, sessionId }) };
}

/** Settles a session's payment in pounds, as the sessions module does at the stop. */
export const settleInPounds = (
  t: TestApp,
  session: Pick<SettleInput, 'userId' | 'sessionId' | 'source' | 'intentId'>,
  amountMinor: number,
  attempt?: number,
) => t.services.sessionPayments.settle({ ...session, amountMinor, currency: 'GBP', attempt });

/** The AppError a call of the payments module is refused with; a success fails the test. */
export async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}
