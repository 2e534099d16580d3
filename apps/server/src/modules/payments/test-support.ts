import { expect } from 'vitest';
import type { Card } from '@evc/contract';
import { fakeStripeConfig, startFakeStripe, type FakeStripe } from '../../test/fake-stripe.ts';
import { startTestBed, type TestBed } from '../../test/test-bed.ts';
import { chargeHold, initiateIntent } from '../../test/test-payments.ts';

/** A TestBed paying through a fake Stripe, with a charger to pay for charges at. */
export interface StripeTestBed extends TestBed {
  fake: FakeStripe;
  chargerId: string;
}

/** Starts a fake Stripe and a TestBed configured for it; `close` stops both. */
export async function startStripeTestBed(): Promise<StripeTestBed> {
  const fake = await startFakeStripe();
  const bed = await startTestBed({
    config: fakeStripeConfig(fake),
  });
  const chargerId = (await bed.charger('CP-STRIPE-1', '4301'))._id;
  return {
    ...bed,
    fake,
    chargerId,
    async close() {
      await bed.close();
      await fake.close();
    },
  };
}

/**
 * What the Stripe tests do as the app would, on the bed `current` answers: a getter, as the bed
 * is started in the test file's `beforeAll`, after these are made.
 */
export function stripeSteps(current: () => StripeTestBed) {
  const initiate = (body: object) => initiateIntent(current().t, current().driver, body);

  /** The requests Stripe was sent since `mark`, a count of its requests taken earlier. */
  const since = (mark: number) => current().fake.requests.slice(mark);

  const saveCard = async (token = current().driver): Promise<Card> => {
    const answer = await current().t.call('addToStripeSources', {
      token,
      body: { card: current().fake.addPaymentMethod() },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as Card;
  };

  /** The body of a 3000 pre-authorisation at the bed's charger, paid from `source`. */
  const chargeOn = (source: string) => chargeHold(current().chargerId, source);

  return { initiate, since, saveCard, chargeOn };
}
