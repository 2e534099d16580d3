import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { submitSignIn } from './app.ts';
import { launchBrowser, newPhonePage } from './browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

test('a page whose code does not arrive says so, and comes on retry once the network is back', async () => {
  const { context, page } = await newPhonePage(browser);
  // A weak signal that drops the charge history page's code, and only that.
  const historyCode = /\/assets\/charge-history-page-[^/]+\.js$/;
  await page.route(historyCode, (route) => route.abort('internetdisconnected'));
  await page.goto(`${baseUrl}/login`);
  await submitSignIn(page, 'driver@example.com', 'Driver-pass-2026');
  await page.waitForURL('**/home');

  await page.goto(`${baseUrl}/chargehistory`);
  await page.getByRole('heading', { name: 'This page could not be opened' }).waitFor();
  expect(await page.getByText('Check your connection, then try again.').isVisible()).toBe(true);

  await page.unroute(historyCode);
  await page.getByRole('button', { name: 'Try again' }).click();
  await page.getByRole('heading', { name: 'Charge history' }).waitFor();
  await context.close();
});
