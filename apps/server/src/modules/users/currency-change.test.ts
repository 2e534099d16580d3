import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { User } from '@evc/contract';
import { users } from '../../platform/db/schema.ts';
import { createTestApp, DRIVER, OPERATOR, type TestApp } from '../../test/test-app.ts';
import {
  confirmSandboxIntent,
  GOOD_CARD,
  initiateIntent,
  saveSandboxCard,
} from '../../test/test-payments.ts';

/** The sandbox's card whose payments wait for the bank's 3-D Secure challenge. */
const CHALLENGED_CARD = '4000002500003155';

let t: TestApp;
let token: string;
let userId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await t.login(DRIVER));
  userId = ((await t.call('userdata', { token, body: {} })).body.data as User)._id;
});
afterAll(() => t.close());

const setStoredBalance = (stored: number) =>
  t.database.db.update(users).set({ balanceMinor: stored }).where(eq(users.id, userId));

const changeCurrency = (fields: object) =>
  t.call('updateUser', { token, params: { userid: userId }, body: { fields } });

async function balance() {
  const answer = await t.call('getUserBalance', { token, body: { userid: userId } });
  return answer.body.data as { balance: number; currency: { code: string } };
}

/** A top-up of `amount` paid with the card; answers the intent's status after confirming. */
async function topUp(amount: number, number = GOOD_CARD) {
  const card = await saveSandboxCard(t, token, number);
  const { intentid } = await initiateIntent(t, token, {
    connector_id: null,
    type: 'topup',
    amount,
    source: card.id,
    capture_method: 'automatic',
  });
  const confirmed = await confirmSandboxIntent(t, token, intentid, card.id);
  return (confirmed.body.data as { status: string }).status;
}

describe('changing the currency while money is held (issue 19)', () => {
  it('refuses with 409 CURRENCY_CHANGE_WITH_BALANCE while £10.00 of credit is held; nothing changes', async () => {
    expect(await topUp(1000)).toBe('succeeded');
    const refused = await changeCurrency({ preferredCurrency: 'EUR', first_name: 'Eve' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'CURRENCY_CHANGE_WITH_BALANCE',
      field: 'fields.preferredCurrency',
      message:
        'Currency Not Changed: your balance stays in the currency it was bought in; you can change currency once it is zero',
    });
    const me = (await t.call('userdata', { token, body: {} })).body.data as User;
    expect([me.preferredCurrency.code, me.first_name]).toEqual(['GBP', 'Dana']);
    expect(await balance()).toMatchObject({ balance: -1000, currency: { code: 'GBP' } });
  });

  it('still saves other fields with the currency unchanged while credit is held', async () => {
    await setStoredBalance(-1000);
    const saved = await changeCurrency({ preferredCurrency: 'gbp', last_name: 'Driver-Jones' });
    expect(saved.status).toBe(200);
    expect((saved.body.data as User).last_name).toBe('Driver-Jones');
  });

  it('refuses while an amount is owed, for that is in the balance’s currency too', async () => {
    await setStoredBalance(250);
    const refused = await changeCurrency({ preferredCurrency: 'EUR' });
    expect([refused.status, refused.body.code]).toEqual([409, 'CURRENCY_CHANGE_WITH_BALANCE']);
  });

  it('refuses while a top-up waits for the bank’s challenge, and allows the change after it', async () => {
    await setStoredBalance(0);
    expect(await topUp(500, CHALLENGED_CARD)).toBe('requires_action');
    const refused = await changeCurrency({ preferredCurrency: 'EUR' });
    expect([refused.status, refused.body.code]).toEqual([409, 'CURRENCY_CHANGE_WITH_BALANCE']);
  });

  it('refuses while a top-up made in £ is not yet confirmed: its money would land in €', async () => {
    const other = await t.login(OPERATOR);
    const me = (await t.call('userdata', { token: other.token, body: {} })).body.data as User;
    const card = await saveSandboxCard(t, other.token, GOOD_CARD);
    await initiateIntent(t, other.token, {
      connector_id: null,
      type: 'topup',
      amount: 500,
      source: card.id,
      capture_method: 'automatic',
    });
    const refused = await t.call('updateUser', {
      token: other.token,
      params: { userid: me._id },
      body: { fields: { preferredCurrency: 'USD' } },
    });
    expect([refused.status, refused.body.code]).toEqual([409, 'CURRENCY_CHANGE_WITH_BALANCE']);
    await t.database.db.execute(
      sql`UPDATE payment_intents SET status = 'canceled' WHERE user_id = ${me._id}`,
    );
  });

  it('changes the currency once the balance is zero and no top-up is under way', async () => {
    const other = await t.login(OPERATOR);
    const me = (await t.call('userdata', { token: other.token, body: {} })).body.data as User;
    const changed = await t.call('updateUser', {
      token: other.token,
      params: { userid: me._id },
      body: { fields: { preferredCurrency: 'EUR' } },
    });
    expect(changed.status).toBe(200);
    expect((changed.body.data as User).preferredCurrency.code).toBe('EUR');
  });
});
