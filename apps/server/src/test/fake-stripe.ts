import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppConfig } from '../platform/config.ts';
import { testConfig } from './test-app.ts';

interface Answer {
  status: number;
  body: Json;
  headers?: Record<string, string>;
}

/** One request Stripe's client sent, as the fake received it. */
export interface StripeRequest {
  method: string;
  path: string;
  /** The form-encoded body, flat (`metadata[userId]` stays a key). */
  form: Record<string, string>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

interface FakeMethod {
  id: string;
  customer: string | null;
  brand: string;
  last4: string;
  /** Stripe's card.wallet.type of a card a wallet gave. */
  wallet?: 'apple_pay' | 'google_pay';
  /** The fake's stand-in for a card whose saving needs 3-D Secure. */
  needsAuthentication?: boolean;
  /**
   * A saved card that a charge confirmed by the server refuses: declined by the issuer
   * (Stripe's 4000000000000002), or, off-session, needing 3-D Secure (4000002760003184).
   */
  refuses?: 'card_declined' | 'authentication_required';
  /** Billing details set by an update; Stripe's test cards start with the ones below. */
  billing?: Json;
}

type Json = Record<string, unknown>;

/**
 * How the next capture goes wrong: Stripe down (nothing captured), the answer lost after the
 * capture was made, or the card issuer refusing it.
 */
export type CaptureFailure = 'unavailable' | 'answerLost' | 'declined';

const serverError = {
  status: 500,
  body: { error: { type: 'api_error', message: 'An unknown error occurred' } },
  // Stripe's client would otherwise retry by itself; the test wants the failure seen.
  headers: { 'stripe-should-retry': 'false' },
};

const fakeId = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

/**
 * A stand-in for api.stripe.com at the HTTP boundary: just enough of customers, payment
 * methods, SetupIntents and PaymentIntents for our calls, with Stripe's idempotency (a repeated
 * key answers the first response). Tests read `requests` to see what Stripe would have been asked.
 */
export async function startFakeStripe() {
  const requests: StripeRequest[] = [];
  const methods = new Map<string, FakeMethod>();
  const intents = new Map<string, Json>();
  const idempotent = new Map<string, Answer>();
  const captureFailures: CaptureFailure[] = [];
  let cancelFailures = 0;

  const missing = (what: string, id: string) => ({
    status: 404,
    body: {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such ${what}: '${id}'`,
      },
    },
  });

  function methodJson(method: FakeMethod): Json {
    return {
      id: method.id,
      object: 'payment_method',
      type: 'card',
      customer: method.customer,
      billing_details: method.billing ?? {
        name: 'Dee Driver',
        address: { line1: '1 High Street', city: 'York', postal_code: 'YO1 1AA', country: 'GB' },
      },
      card: {
        brand: method.brand,
        last4: method.last4,
        exp_month: 4,
        exp_year: 2031,
        country: 'GB',
        funding: 'debit',
        wallet: method.wallet ? { type: method.wallet } : null,
      },
    };
  }

  /** Confirming on the server, as an off-session charge does: held, or a card error (402). */
  function confirmed(intent: Json, form: Record<string, string>) {
    const card = methods.get(form.payment_method ?? '');
    if (!card) return missing('PaymentMethod', form.payment_method ?? '');
    const refusal =
      card.refuses === 'card_declined'
        ? { code: 'card_declined', message: 'Your card was declined.' }
        : card.refuses === 'authentication_required' && form.off_session === 'true'
          ? {
              code: 'authentication_required',
              message: 'Your card was declined. This transaction requires authentication.',
            }
          : null;
    if (refusal) {
      const error = { type: 'card_error', ...refusal, payment_method: methodJson(card) };
      Object.assign(intent, { status: 'requires_payment_method', last_payment_error: error });
      return { status: 402, body: { error: { ...error, payment_intent: intent } } };
    }
    const manual = intent.capture_method === 'manual';
    Object.assign(intent, {
      status: manual ? 'requires_capture' : 'succeeded',
      amount_capturable: manual ? intent.amount : 0,
      amount_received: manual ? 0 : intent.amount,
    });
    return { status: 200, body: intent };
  }

  function route(method: string, path: string, form: Record<string, string>): Answer {
    const parts = path.split('/').filter(Boolean).slice(1);
    const [resource, id, action] = parts;
    if (method === 'POST' && resource === 'customers' && !id) {
      return { status: 200, body: { id: fakeId('cus'), object: 'customer', email: form.email } };
    }
    if (resource === 'payment_methods' && id) {
      const found = methods.get(id);
      if (!found) return missing('PaymentMethod', id);
      if (method === 'POST' && action === 'detach') found.customer = null;
      if (method === 'POST' && !action && 'billing_details[name]' in form) {
        found.billing = {
          name: form['billing_details[name]'],
          address: {
            line1: form['billing_details[address][line1]'],
            city: form['billing_details[address][city]'],
            postal_code: form['billing_details[address][postal_code]'],
            country: form['billing_details[address][country]'],
          },
        };
      }
      return { status: 200, body: methodJson(found) };
    }
    if (method === 'POST' && resource === 'setup_intents') {
      const found = methods.get(form.payment_method ?? '');
      if (!found) return missing('PaymentMethod', form.payment_method ?? '');
      const status = found.needsAuthentication ? 'requires_action' : 'succeeded';
      if (status === 'succeeded') found.customer = form.customer ?? null;
      return {
        status: 200,
        body: { id: fakeId('seti'), object: 'setup_intent', status, payment_method: found.id },
      };
    }
    if (resource === 'payment_intents' && method === 'POST' && !id) {
      const intentId = fakeId('pi');
      const intent: Json = {
        id: intentId,
        object: 'payment_intent',
        amount: Number(form.amount),
        amount_capturable: 0,
        amount_received: 0,
        currency: form.currency,
        customer: form.customer,
        capture_method: form.capture_method,
        client_secret: `${intentId}_secret_${randomBytes(6).toString('hex')}`,
        payment_method: form.payment_method ?? null,
        status: form.payment_method ? 'requires_confirmation' : 'requires_payment_method',
        last_payment_error: null,
        metadata: {},
      };
      intents.set(intentId, intent);
      if (form.confirm === 'true') return confirmed(intent, form);
      return { status: 200, body: intent };
    }
    if (resource === 'payment_intents' && id) {
      const intent = intents.get(id);
      if (!intent) return missing('payment_intent', id);
      if (method === 'POST' && action === 'capture') {
        const failure = intent.status === 'requires_capture' ? captureFailures.shift() : undefined;
        if (failure === 'unavailable') return serverError;
        if (failure === 'declined') {
          return {
            status: 402,
            body: {
              error: {
                type: 'card_error',
                code: 'card_declined',
                decline_code: 'generic_decline',
                message: 'Your card was declined.',
              },
            },
          };
        }
        if (intent.status !== 'requires_capture') {
          return {
            status: 400,
            body: {
              error: {
                type: 'invalid_request_error',
                code: 'payment_intent_unexpected_state',
                message: `This PaymentIntent could not be captured because it has a status of ${String(intent.status)}.`,
              },
            },
          };
        }
        const amount = Number(form.amount_to_capture ?? intent.amount_capturable);
        Object.assign(intent, {
          status: 'succeeded',
          amount_received: amount,
          amount_capturable: 0,
        });
        if (failure === 'answerLost') return serverError;
      }
      if (method === 'POST' && action === 'cancel') {
        if (cancelFailures > 0) {
          cancelFailures -= 1;
          return serverError;
        }
        Object.assign(intent, { status: 'canceled', amount_capturable: 0 });
      }
      return { status: 200, body: intent };
    }
    if (method === 'POST' && resource === 'refunds' && !id) {
      const intent = intents.get(form.payment_intent ?? '');
      if (!intent) return missing('payment_intent', form.payment_intent ?? '');
      const refunded = Number(intent.amount_refunded ?? 0);
      const amount = Number(form.amount ?? Number(intent.amount_received) - refunded);
      if (intent.status !== 'succeeded' || refunded + amount > Number(intent.amount_received)) {
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'charge_already_refunded',
              message: 'This charge cannot be refunded for that amount.',
            },
          },
        };
      }
      intent.amount_refunded = refunded + amount;
      return {
        status: 200,
        body: {
          id: fakeId('re'),
          object: 'refund',
          amount,
          payment_intent: intent.id,
          status: 'succeeded',
          metadata: Object.fromEntries(
            Object.entries(form)
              .filter(([key]) => key.startsWith('metadata['))
              .map(([key, value]) => [key.slice(9, -1), value]),
          ),
        },
      };
    }
    return {
      status: 404,
      body: {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${path})`,
        },
      },
    };
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    let text = '';
    for await (const chunk of request) text += String(chunk);
    const method = request.method ?? 'GET';
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const form = Object.fromEntries(new URLSearchParams(text));
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    requests.push({
      method,
      path,
      form,
      idempotencyKey,
      authorization: request.headers.authorization,
    });
    const cacheKey = idempotencyKey ? `${method} ${path} ${idempotencyKey}` : null;
    const answer = (cacheKey && idempotent.get(cacheKey)) || route(method, path, form);
    if (cacheKey) idempotent.set(cacheKey, answer);
    response.writeHead(answer.status, {
      'content-type': 'application/json',
      'request-id': fakeId('req'),
      ...answer.headers,
    });
    response.end(JSON.stringify(answer.body));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** A card payment method the driver's browser created with Stripe.js. */
    addPaymentMethod(
      last4 = '4242',
      options: Pick<FakeMethod, 'needsAuthentication' | 'refuses' | 'wallet'> = {},
    ) {
      const id = fakeId('pm');
      methods.set(id, { id, customer: null, brand: 'visa', last4, ...options });
      return id;
    },
    /** Stripe no longer knows the payment method (removed in the Dashboard, say). */
    forgetPaymentMethod: (id: string) => methods.delete(id),
    /**
     * What Stripe.js does when the driver confirms in the browser; a wallet (the Payment Request
     * sheet, the native Google Pay or Apple Pay SDK) brings its own payment method.
     */
    confirmIntent(intentId: string, paymentMethodId?: string) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId}`);
      const manual = intent.capture_method === 'manual';
      if (paymentMethodId) intent.payment_method = paymentMethodId;
      Object.assign(intent, {
        status: manual ? 'requires_capture' : 'succeeded',
        amount_capturable: manual ? intent.amount : 0,
        amount_received: manual ? 0 : intent.amount,
      });
      return intent;
    },
    intent: (intentId: string) => intents.get(intentId),
    /** The next capture of a held intent goes wrong this way (Stripe repeats it per key). */
    failNextCapture: (failure: CaptureFailure) => captureFailures.push(failure),
    /** The next cancel finds Stripe down (nothing cancelled; Stripe repeats it per key). */
    failNextCancel: () => {
      cancelFailures += 1;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

/** The secret the fake's webhook events are signed with, as the app is configured to check. */
export const FAKE_WEBHOOK_SECRET = 'whsec_test_secret';

/** A test app's configuration with Stripe pointed at `fake`. */
export function fakeStripeConfig(fake: FakeStripe): AppConfig {
  return testConfig({
    stripeSecretKey: 'sk_test_fake',
    stripeWebhookSecret: FAKE_WEBHOOK_SECRET,
    stripeApiUrl: fake.url,
  });
}
