import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { callApi, signOutThroughMenu } from './app.ts';
import { latestMessage, launchBrowser, newContext, newPhonePage } from './browser.ts';
import { overflowing, settled, SMALL_PHONE } from './layout-checks.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

const kwhShown = async (page: Page) =>
  Number.parseFloat((await page.getByTestId('live-kwh').textContent()) ?? '0');

const storedGuestTokens = (page: Page) =>
  page.evaluate(() => window.localStorage.getItem('guestTokens'));

test('a driver without an account scans the QR code, sees the price, pays by card, charges, stops, gets the receipt by e-mail and logs out', async () => {
  const { context, page } = await newPhonePage(browser);
  const email = `guest-${Date.now()}@example.com`;

  // The charger's QR code: a guest code and tokens are made, and the charger opens.
  await page.goto(`${baseUrl}/guest/guest-home?barcode=1001`);
  await page.waitForURL('**/guest/charger-details?barcode=1001');
  const code = (await page.getByTestId('guest-code').textContent()) ?? '';
  expect(code).toMatch(/^G-[0-9A-Z]{10}$/);
  expect(await storedGuestTokens(page)).toContain(code);
  await page.getByTestId('helpline').waitFor();

  // The whole price before paying: the energy rate and the estimate of a typical charge.
  await page.getByText('Energy', { exact: true }).waitFor();
  await page.getByText('What a typical charge costs').waitFor();
  await expect(page.locator('[data-field="estimate"] dd').first().textContent()).resolves.toMatch(
    /^£\d+\.\d{2}$/,
  );

  await page.locator('ion-button', { hasText: 'Charge here' }).first().click();
  await page.waitForURL('**/guest/charging-select-payment?**');
  // A guest pays by card or wallet only: no credit balance offered.
  await page.locator('ion-button', { hasText: 'Pay with a card' }).waitFor();
  expect(await page.locator('[data-method="CREDIT"]').count()).toBe(0);
  await page.locator('ion-button', { hasText: 'Pay with a card' }).click();

  await page.waitForURL('**/guest/add-payment-method?**');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.waitForURL('**/guest/charging-confirm-payment?**');
  await page.getByText('we hold £30.00 on your card', { exact: false }).waitFor();
  await page.getByRole('button', { name: 'Confirm payment' }).click();

  await page.waitForURL('**/guest-confirmed-payment-method?**');
  await page.getByText('is held on your card', { exact: false }).waitFor();
  await page.getByRole('button', { name: 'Start charging' }).click();

  await page.waitForURL('**/guest/charging-in-progress?**', { timeout: 60_000 });
  await expect.poll(() => kwhShown(page), { timeout: 60_000, interval: 1000 }).toBeGreaterThan(0);
  const before = await kwhShown(page);
  await expect
    .poll(() => kwhShown(page), { timeout: 60_000, interval: 1000 })
    .toBeGreaterThan(before);
  await page.getByTestId('guest-code').filter({ hasText: code }).waitFor();
  // The guest did not ask to keep the card: it is gone once the charge has started.
  const held = JSON.parse((await storedGuestTokens(page)) ?? '{}') as { auth?: { token: string } };
  await expect(callApi(baseUrl, '/listCards', {}, held.auth?.token)).resolves.toEqual([]);

  await page.getByRole('button', { name: 'Stop charging' }).click();
  await page.waitForURL('**/guest/charging-completed?**');
  await page.getByRole('heading', { name: 'Charging complete' }).waitFor({ timeout: 60_000 });
  const cost = (await page.locator('[data-field="cost"] dd').textContent()) ?? '';
  expect(cost).toMatch(/^£\d+\.\d{2}$/);
  await page.getByText('Keep this code', { exact: false }).waitFor();

  await page.getByLabel('Your e-mail address').fill(email);
  await page.getByRole('button', { name: 'E-mail me the receipt' }).click();
  await page.getByText(`Receipt sent to ${email}.`).waitFor();
  const receipt = await latestMessage(baseUrl, email);
  expect(receipt.text).toContain(cost);

  await signOutThroughMenu(page);
  // The logout reloads /login: read the storage once the new page is up.
  await page.locator('ion-button', { hasText: 'Continue as guest' }).waitFor();
  await page.waitForLoadState('load');
  expect(await storedGuestTokens(page)).toBeNull();
  await context.close();
});

test('a guest code brings the guest back on another device; guarded pages stay shut to a guest', async () => {
  const first = await newPhonePage(browser);
  await first.page.goto(`${baseUrl}/login`);
  await first.page.locator('ion-button', { hasText: 'Continue as guest' }).click();
  await first.page.waitForURL('**/guest/guest-home');
  const code = (await first.page.getByTestId('guest-code').textContent()) ?? '';
  expect(code).toMatch(/^G-/);
  await first.context.close();

  const second = await newPhonePage(browser);
  await second.page.goto(`${baseUrl}/guest/guest-home`);
  const made = (await second.page.getByTestId('guest-code').textContent()) ?? '';
  expect(made).not.toBe(code);
  await second.page.getByLabel('Your guest code').fill(code.toLowerCase());
  await second.page.getByRole('button', { name: 'Use this guest code' }).click();
  await second.page.getByTestId('guest-code').filter({ hasText: code }).waitFor();
  expect(await storedGuestTokens(second.page)).toContain(code);

  await second.page.goto(`${baseUrl}/settings`);
  await second.page.waitForURL('**/login');
  await second.context.close();
});

test.each(['en', 'fr', 'cy', 'es', 'it'])(
  'every guest page fits a 320-pixel phone in %s',
  async (language) => {
    const context = await newContext(browser, { viewport: SMALL_PHONE, locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/guest/guest-home`);
    await page.getByTestId('guest-code').waitFor();
    await page.evaluate((code) => window.localStorage.setItem('language', code), language);
    const wide: string[] = [];
    for (const route of [
      'guest/guest-home',
      'guest/charger-details/1002',
      'guest/findcharger',
      'guest/charging-select-payment?barcode=1002&connector=1',
      'guest/add-payment-method?next=%2Fguest%2Fcharging-confirm-payment',
    ]) {
      await page.goto(`${baseUrl}/${route}`);
      await page.locator('.guest-bar').first().waitFor();
      await page.waitForFunction(settled, language);
      wide.push(...(await overflowing(page)).map((what) => `${route}: ${what}`));
    }
    expect(wide).toEqual([]);
    await context.close();
  },
  180_000,
);
