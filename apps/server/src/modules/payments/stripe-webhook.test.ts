import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { newId } from '../../platform/crypto.ts';
import { paymentIntents, users } from '../../platform/db/schema.ts';
import { FAKE_WEBHOOK_SECRET, type FakeStripe } from '../../test/fake-stripe.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createStripeClient } from './stripe-provider.ts';
import { STRIPE_WEBHOOK_PATH } from './stripe-webhook.ts';
import { TOP_UP_SYNC_WINDOW_MS } from './top-up-sync.ts';
import { startStripeTestBed, stripeSteps, type StripeTestBed } from './test-support.ts';

const signer = createStripeClient({ secretKey: 'sk_test_signer' });

let bed: StripeTestBed;
let fake: FakeStripe;
let t: TestApp;
let driverId: string;

beforeAll(async () => {
  bed = await startStripeTestBed();
  ({ fake, t, driverId } = bed);
});

afterAll(() => bed.close());

const { saveCard, initiate, chargeOn } = stripeSteps(() => bed);

async function storedBalance() {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, driverId));
  return row?.balanceMinor ?? 0;
}

async function sendWebhook(event: object, signature?: string) {
  const payload = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: STRIPE_WEBHOOK_PATH,
    headers: {
      'content-type': 'application/json',
      'stripe-signature':
        signature ??
        signer.webhooks.generateTestHeaderString({ payload, secret: FAKE_WEBHOOK_SECRET }),
    },
    payload,
  });
}

const intentEvent = (type: string, intent: unknown) => ({
  id: `evt_${newId()}`,
  object: 'event',
  type,
  data: { object: intent },
});

describe('Stripe webhooks', () => {
  async function succeededTopUp(amount: number) {
    const card = await saveCard();
    const intent = await initiate({
      type: 'topup',
      amount,
      source: card.id,
      capture_method: 'automatic',
    });
    return fake.confirmIntent(intent.intentid);
  }

  it('a succeeded top-up credits the balance once; a repeated event is ignored', async () => {
    const intent = await succeededTopUp(2000);
    const before = await storedBalance();
    const event = intentEvent('payment_intent.succeeded', intent);
    const first = await sendWebhook(event);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ data: { received: true, duplicate: false } });
    expect(await storedBalance()).toBe(before - 2000);
    const repeated = await sendWebhook(event);
    expect(repeated.json()).toEqual({ data: { received: true, duplicate: true } });
    // Stripe may also send the same news under a new event id: still credited once.
    await sendWebhook(intentEvent('payment_intent.succeeded', intent));
    expect(await storedBalance()).toBe(before - 2000);
  });

  it('refuses a bad signature and changes nothing', async () => {
    const intent = await succeededTopUp(900);
    const before = await storedBalance();
    const event = intentEvent('payment_intent.succeeded', intent);
    const forged = await sendWebhook(event, 't=1,v1=deadbeef');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'SIGNATURE_INVALID' });
    const wrongSecret = signer.webhooks.generateTestHeaderString({
      payload: JSON.stringify(event),
      secret: 'whsec_someone_else',
    });
    expect((await sendWebhook(event, wrongSecret)).statusCode).toBe(400);
    expect(await storedBalance()).toBe(before);
    // The event was not recorded, so Stripe's genuine delivery still counts.
    expect((await sendWebhook(event)).json()).toEqual({
      data: { received: true, duplicate: false },
    });
    expect(await storedBalance()).toBe(before - 900);
  });

  it('a hold confirmed in the browser is recorded from amount_capturable_updated', async () => {
    const card = await saveCard();
    const intent = await initiate(chargeOn(card.id));
    const stored = async () =>
      (
        await t.database.db
          .select()
          .from(paymentIntents)
          .where(eq(paymentIntents.id, intent.intentid))
      )[0];
    expect(await stored()).toMatchObject({ status: 'requires_confirmation', amountCapturable: 0 });
    const confirmed = fake.confirmIntent(intent.intentid);
    await sendWebhook(intentEvent('payment_intent.amount_capturable_updated', confirmed));
    expect(await stored()).toMatchObject({ status: 'requires_capture', amountCapturable: 3000 });
  });

  it('an event about an intent we never made is recorded and ignored', async () => {
    const answer = await sendWebhook(
      intentEvent('payment_intent.succeeded', { id: 'pi_elsewhere', object: 'payment_intent' }),
    );
    expect(answer.json()).toEqual({ data: { received: true, duplicate: false } });
  });

  it('a top-up Stripe took before its webhook came is on the balance a refreshed read answers, once', async () => {
    const intent = await succeededTopUp(1500);
    const before = await storedBalance();
    const read = async (refresh: boolean) =>
      (
        await t.call('getUserBalance', {
          token: bed.driver,
          body: { userid: driverId, ...(refresh ? { refresh } : {}) },
        })
      ).body.data as { balance: number };
    // Without a refresh the balance waits for the webhook, as before.
    expect((await read(false)).balance).toBe(before);
    // The app reads again with a refresh once Stripe.js says the payment succeeded.
    expect((await read(true)).balance).toBe(before - 1500);
    // The webhook that comes after credits nothing twice.
    await sendWebhook(intentEvent('payment_intent.succeeded', intent));
    expect((await read(true)).balance).toBe(before - 1500);
  });

  it('a top-up older than the sync window is left to the webhook: a balance read asks Stripe nothing', async () => {
    const intent = await succeededTopUp(700);
    await t.database.db
      .update(paymentIntents)
      .set({ createdAt: new Date(Date.now() - TOP_UP_SYNC_WINDOW_MS - 60_000) })
      .where(eq(paymentIntents.id, (intent as { id: string }).id));
    const before = await storedBalance();
    await t.call('getUserBalance', {
      token: bed.driver,
      body: { userid: driverId, refresh: true },
    });
    expect(await storedBalance()).toBe(before);
    await sendWebhook(intentEvent('payment_intent.succeeded', intent));
    expect(await storedBalance()).toBe(before - 700);
  });
});
