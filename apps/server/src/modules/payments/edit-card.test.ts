import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Card } from '@evc/contract';
import { fakeStripeConfig, startFakeStripe, type FakeStripe } from '../../test/fake-stripe.ts';
import { createTestApp, DRIVER, OPERATOR, type TestApp } from '../../test/test-app.ts';

const billing = {
  name: 'Dana Driver',
  address_line1: '22 Mill Lane',
  address_city: 'Harrogate',
  address_postal_code: 'HG1 2AB',
  address_country: 'gb',
};

const edit = (t: TestApp, token: string, body: object) =>
  t.call('updatePaymentMethod', { token, body });

describe('edit-card on the sandbox (spec 000 §2)', () => {
  let t: TestApp;
  let driver: string;
  let other: string;

  beforeAll(async () => {
    t = await createTestApp();
    driver = (await t.login(DRIVER)).token;
    other = (await t.login(OPERATOR)).token;
  });
  afterAll(() => t.close());

  async function saveCard(token: string): Promise<Card> {
    const method = await t.call('sandboxCreatePaymentMethod', {
      token,
      body: { number: '4242424242424242', exp_month: 12, exp_year: 2099, cvc: '123' },
    });
    const saved = await t.call('addToStripeSources', {
      token,
      body: { card: (method.body.data as { id: string }).id },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    return saved.body.data as Card;
  }

  it('saves the name and billing address on the card, as listed afterwards', async () => {
    const card = await saveCard(driver);
    const answer = await edit(t, driver, { pm_id: card.id, ...billing });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const expected = {
      id: card.id,
      last4: '4242',
      name: 'Dana Driver',
      address_line1: '22 Mill Lane',
      address_city: 'Harrogate',
      address_postal_code: 'HG1 2AB',
      address_country: 'GB',
    };
    expect(answer.body.data).toMatchObject(expected);
    const listed = (await t.call('listCards', { token: driver })).body.data as Card[];
    expect(listed.find((entry) => entry.id === card.id)).toMatchObject(expected);
  });

  it("does not let a driver change another driver's card, nor learn that it exists", async () => {
    const card = await saveCard(driver);
    const answer = await edit(t, other, { pm_id: card.id, ...billing, name: 'Mallory' });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'CARD_NOT_FOUND' });
    const listed = (await t.call('listCards', { token: driver })).body.data as Card[];
    expect(listed.find((entry) => entry.id === card.id)?.name).not.toBe('Mallory');
  });

  it.each([
    ['name', { name: '  ' }],
    ['address_line1', { address_line1: '' }],
    ['address_city', { address_city: '' }],
    ['address_postal_code', { address_postal_code: '' }],
    ['address_country', { address_country: 'GBR' }],
  ])(
    'refuses a missing or wrong %s with a 400 naming it, and changes nothing',
    async (field, bad) => {
      const card = await saveCard(driver);
      const answer = await edit(t, driver, { pm_id: card.id, ...billing, ...bad });
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toContain(field);
      const listed = (await t.call('listCards', { token: driver })).body.data as Card[];
      expect(listed.find((entry) => entry.id === card.id)?.address_line1).toBeNull();
    },
  );

  it('answers 404 for a card nobody saved', async () => {
    const answer = await edit(t, driver, { pm_id: 'pm_unknown', ...billing });
    expect(answer.status).toBe(404);
  });
});

describe('edit-card on Stripe', () => {
  let fake: FakeStripe;
  let t: TestApp;
  let driver: string;

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp({
      config: fakeStripeConfig(fake),
    });
    driver = (await t.login(DRIVER)).token;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it("sets the payment method's billing details at Stripe, then on the saved card", async () => {
    const saved = await t.call('addToStripeSources', {
      token: driver,
      body: { card: fake.addPaymentMethod() },
    });
    const card = saved.body.data as Card;
    expect(card.address_city).toBe('York');
    const mark = fake.requests.length;
    const answer = await edit(t, driver, { pm_id: card.id, ...billing });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ name: 'Dana Driver', address_city: 'Harrogate' });
    const update = fake.requests
      .slice(mark)
      .find((request) => request.path === `/v1/payment_methods/${card.id}`);
    expect(update?.form).toMatchObject({
      'billing_details[name]': 'Dana Driver',
      'billing_details[address][line1]': '22 Mill Lane',
      'billing_details[address][city]': 'Harrogate',
      'billing_details[address][postal_code]': 'HG1 2AB',
      'billing_details[address][country]': 'GB',
    });
  });

  it('keeps the saved card as it was when Stripe refuses the change', async () => {
    const saved = await t.call('addToStripeSources', {
      token: driver,
      body: { card: fake.addPaymentMethod('1881') },
    });
    const card = saved.body.data as Card;
    fake.forgetPaymentMethod(card.id);
    const answer = await edit(t, driver, { pm_id: card.id, ...billing });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    const listed = (await t.call('listCards', { token: driver })).body.data as Card[];
    expect(listed.find((entry) => entry.id === card.id)?.address_city).toBe('York');
  });
});
