import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Card } from '@evc/contract';
import { createTestApp, DRIVER, type TestApp } from '../../test/test-app.ts';
import { sandboxPaymentMethod } from '../../test/test-payments.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await t.login(DRIVER));
});
afterAll(() => t.close());

const cards = async () => (await t.call('listCards', { token, body: {} })).body.data as Card[];

async function add(number: string) {
  const card = await sandboxPaymentMethod(t, token, number);
  return t.call('addToStripeSources', { token, body: { card, fuelCard: false } });
}

describe('a card is verified with the provider when it is added (issue 19)', () => {
  it.each([
    ['4000000000000002', 'CARD_DECLINED', 'Your card was declined.'],
    ['4000000000009995', 'INSUFFICIENT_FUNDS', 'Your card has insufficient funds.'],
  ])(
    'the decline card %s is refused at once with 402 %s and the provider’s words; nothing is saved',
    async (number, code, message) => {
      const answer = await add(number);
      expect(answer.status).toBe(402);
      expect(answer.body).toEqual({ code, message });
      expect((await cards()).map((card) => card.last4)).not.toContain(number.slice(-4));
    },
  );

  it('a card that passes is saved; the one that attaches and is declined later is too', async () => {
    expect((await add('4242424242424242')).status).toBe(200);
    expect((await add('4000000000000341')).status).toBe(200);
    expect((await cards()).map((card) => card.last4).sort()).toEqual(['0341', '4242']);
  });
});
