import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { callApi, driverToken, saveSandboxCard, submitSignIn } from './app.ts';
import { launchBrowser, newPhonePage, shoot } from './browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let token: string;

const api = <T>(path: string, body: unknown) => callApi<T>(baseUrl, path, body, token);

async function me() {
  return api<{ _id: string; preferredCurrency: { code: string } }>('/userdata', {});
}

/** Tops the demo driver's credit up by `amount` minor units with a new good card, as the app does. */
async function topUp(amount: number) {
  await saveSandboxCard(baseUrl, token, '4242 4242 4242 4242');
  const [card] = await api<{ id: string }[]>('/listCards', {});
  const intent = await api<{ intentid: string }>('/initiatePaymentIntent', {
    connector_id: null,
    type: 'topup',
    amount,
    source: card?.id,
    capture_method: 'automatic',
  });
  await api(`/sandbox/payment_intents/${intent.intentid}/confirm`, { payment_method: card?.id });
}

async function signIn(page: Page) {
  await page.goto(`${baseUrl}/login`);
  await submitSignIn(page, 'driver@example.com', 'Driver-pass-2026');
  await page.waitForURL('**/home');
}

beforeAll(async () => {
  browser = await launchBrowser();
  token = await driverToken(baseUrl, 'e2e-wallet');
});

afterAll(async () => {
  await browser.close();
});

test('on a phone, a currency change with credit held is refused with the reason under the currency', async () => {
  await topUp(1000);
  const { context, page } = await newPhonePage(browser);
  await signIn(page);
  await page.goto(`${baseUrl}/edit-user`);
  await page.getByLabel('First name').waitFor();
  const currency = page.locator('ion-select', { hasText: 'British Pound (£)' });
  const describedBy = await currency.getAttribute('aria-describedby');
  await currency.click();
  await page.locator('ion-popover').getByText('Euro (€)').click();
  await page.locator('ion-select', { hasText: 'Euro (€)' }).waitFor();
  await page.getByRole('button', { name: 'Save details' }).click();
  const refusal = page.getByText(
    "Your currency can't be changed while you have credit or owe an amount: your balance stays in the currency it was bought in. You can change currency once your balance is zero.",
  );
  await refusal.waitFor();
  // On the phone's screen, not above it where the form was left scrolled.
  await expect
    .poll(() =>
      refusal.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      }),
    )
    .toBe(true);
  // Said where the currency is chosen: the message is the currency select's description.
  await expect(page.locator(`[id="${describedBy}"]`).innerText()).resolves.toContain(
    "can't be changed",
  );
  expect(await page.getByText('Your details are saved.').count()).toBe(0);
  // The field shows the currency kept, not the one refused.
  const shownChoices = () =>
    page
      .locator('ion-select')
      .evaluateAll((selects) =>
        selects.map((select) => select.shadowRoot?.querySelector('[part="text"]')?.textContent),
      );
  await expect.poll(shownChoices).toContain('British Pound (£)');
  expect(await shownChoices()).not.toContain('Euro (€)');
  await shoot(page, 'wallet-currency-refused');
  expect((await me()).preferredCurrency.code).toBe('GBP');
  await context.close();
});

test('a card that will be declined is refused when it is added, its number laid out as typed', async () => {
  const before = (await api<unknown[]>('/listCards', {})).length;
  const { context, page } = await newPhonePage(browser);
  await signIn(page);
  await page.goto(`${baseUrl}/add-payment-method`);
  const number = page.getByLabel('Card number');
  await number.pressSequentially('4000000000000002');
  await expect(number.inputValue()).resolves.toBe('4000 0000 0000 0002');
  const expiry = page.getByLabel('Expiry (MM/YY)');
  await expiry.pressSequentially('1234');
  await expect(expiry.inputValue()).resolves.toBe('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Add card' }).click();
  await page.getByText('Error: Your card was declined.').waitFor();
  await page.getByText('Card Not Added').waitFor();
  await shoot(page, 'wallet-card-declined-at-add');
  expect(page.url()).toContain('/add-payment-method');
  expect((await api<unknown[]>('/listCards', {})).length).toBe(before);
  await context.close();
});

test('the balance statement, reached from Balance, lists the top-up with the balance it left', async () => {
  await topUp(500);
  const { _id } = await me();
  const { balance } = await api<{ balance: number }>('/getUserBalance', { userid: _id });
  const shown = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(
    -balance / 100,
  );
  const { context, page } = await newPhonePage(browser);
  await signIn(page);
  await page.locator('.top-bar .balance-badge').getByText(shown).waitFor();
  await page.goto(`${baseUrl}/balance`);
  await page.getByRole('link', { name: 'Balance statement' }).click();
  await page.waitForURL('**/balance-statement');
  const newest = page.locator('.statement-line').first();
  await newest.getByText('Top-up').waitFor();
  await expect(newest.locator('.statement-line__amount').innerText()).resolves.toBe('+£5.00');
  await expect(newest.locator('.statement-line__after').innerText()).resolves.toBe(
    `Balance ${shown}`,
  );
  await shoot(page, 'wallet-balance-statement');
  await context.close();
});
