import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { acknowledgeAlert, callApi, driverToken, saveSandboxCard, submitSignIn } from './app.ts';
import { launchBrowser, newPhonePage } from './browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let token: string;

const api = <T>(path: string, body: unknown) => callApi<T>(baseUrl, path, body, token);
const pounds = (minor: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(minor / 100);

/** The driver's credit in minor units (the server stores it negative, spec 000 §3). */
async function creditMinor(): Promise<number> {
  const user = await api<{ _id: string }>('/userdata', {});
  const { balance } = await api<{ balance: number }>('/getUserBalance', { userid: user._id });
  return balance === 0 ? 0 : -balance;
}

const saveCard = (number: string) => saveSandboxCard(baseUrl, token, number);

async function signIn(page: Page) {
  await page.goto(`${baseUrl}/login`);
  await submitSignIn(page, 'driver@example.com', 'Driver-pass-2026');
  await page.waitForURL('**/home');
}

const headerBalance = (page: Page) => page.locator('.top-bar .balance-badge');
const pageBalance = (page: Page) => page.getByTestId('balance-amount');

beforeAll(async () => {
  browser = await launchBrowser();
  token = await driverToken(baseUrl, 'e2e-topup');
});

afterAll(async () => {
  await browser.close();
});

test('a driver tops up 10 and sees the balance rise by 10.00 on the balance page and in the header', async () => {
  await saveCard('4242 4242 4242 4242');
  const before = await creditMinor();
  const { context, page } = await newPhonePage(browser);
  await signIn(page);

  await headerBalance(page).getByText(pounds(before)).waitFor();
  await headerBalance(page).click();
  await page.waitForURL('**/balance');
  await pageBalance(page).getByText(pounds(before)).waitFor();

  await page.getByRole('link', { name: 'Top up' }).click();
  await page.waitForURL('**/topup-select-card');
  await page.getByText('Visa •••• 4242').first().waitFor();
  await page.getByRole('button', { name: '£10', exact: true }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/topup-confirm-card?amount=1000&card=*');
  await page.getByRole('button', { name: 'Pay £10.00' }).click();
  await acknowledgeAlert(page, 'Top-up complete');

  await page.waitForURL('**/balance');
  await pageBalance(page)
    .getByText(pounds(before + 1000))
    .waitFor();
  await headerBalance(page)
    .getByText(pounds(before + 1000))
    .waitFor();
  expect(await creditMinor()).toBe(before + 1000);
  await context.close();
});

test('a 3-D Secure card approved in the challenge also credits', async () => {
  await saveCard('4000 0025 0000 3155');
  const before = await creditMinor();
  const { context, page } = await newPhonePage(browser);
  await signIn(page);

  await page.goto(`${baseUrl}/topup-select-card`);
  await page.getByText('Visa •••• 3155').first().click();
  await page.getByLabel('Other amount (GBP)').fill('12.50');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/topup-confirm-card?amount=1250&card=*');
  await page.getByText('Visa •••• 3155').first().waitFor();
  await page.getByRole('button', { name: 'Pay £12.50' }).click();

  const challenge = page.locator('ion-modal');
  await challenge.getByText('Card confirmation needed').waitFor();
  expect(await creditMinor()).toBe(before);
  await challenge.getByRole('button', { name: 'Approve' }).click();
  await acknowledgeAlert(page, 'Top-up complete');

  await page.waitForURL('**/balance');
  await pageBalance(page)
    .getByText(pounds(before + 1250))
    .waitFor();
  await headerBalance(page)
    .getByText(pounds(before + 1250))
    .waitFor();
  expect(await creditMinor()).toBe(before + 1250);
  await context.close();
});
