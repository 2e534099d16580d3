import { afterAll, beforeAll, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, animationsSettled, launchBrowser, newContext, PHONE } from './browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function shot(page: Page, name: string) {
  await animationsSettled(page);
  await page.waitForTimeout(600);
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: false });
}

for (const [label, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`shots ${label}`, async () => {
    const context = await newContext(browser, { viewport, locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.locator('ion-button', { hasText: 'Continue as guest' }).waitFor();
    await shot(page, `${label}-01-login`);
    await page.locator('ion-button', { hasText: 'Continue as guest' }).click();
    await page.getByTestId('guest-code').waitFor();
    await page.getByTestId('helpline').waitFor();
    await shot(page, `${label}-02-guest-home`);
    await page.goto(`${baseUrl}/guest/charger-details?barcode=1001`);
    await page.getByText('What a typical charge costs').waitFor();
    await shot(page, `${label}-03-details`);
    await page.evaluate(() => { const all = document.querySelectorAll('ion-content'); void all[all.length - 1]?.scrollToBottom(0); });
    await shot(page, `${label}-03b-details-bottom`);
    await page.goto(`${baseUrl}/guest/findcharger`);
    await page.waitForTimeout(2500);
    await shot(page, `${label}-04-find`);
    await page.goto(`${baseUrl}/guest/charger-details?barcode=1001`);
    await page.locator('ion-button', { hasText: 'Charge here' }).first().click();
    await page.locator('ion-button', { hasText: 'Pay with a card' }).waitFor();
    await shot(page, `${label}-05-select`);
    await page.locator('ion-button', { hasText: 'Pay with a card' }).click();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await shot(page, `${label}-06-add-card`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Confirm payment' }).waitFor();
    await shot(page, `${label}-07-confirm`);
    await page.getByRole('button', { name: 'Confirm payment' }).click();
    await page.getByRole('button', { name: 'Start charging' }).waitFor();
    await shot(page, `${label}-08-confirmed`);
    await page.getByRole('button', { name: 'Start charging' }).click();
    await page.waitForURL('**/guest/charging-in-progress?**', { timeout: 60_000 });
    await page.waitForTimeout(4000);
    await shot(page, `${label}-09-progress`);
    if (label === 'phone') {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await shot(page, `${label}-10-menu`);
      await page.keyboard.press('Escape');
      await page.goto(page.url());
    }
    await page.getByRole('button', { name: 'Stop charging' }).click();
    await page.getByRole('heading', { name: 'Charging complete' }).waitFor({ timeout: 60_000 });
    await shot(page, `${label}-11-completed`);
    await page.evaluate(() => { const all = document.querySelectorAll('ion-content'); void all[all.length - 1]?.scrollToBottom(0); });
    await shot(page, `${label}-11b-completed-bottom`);
    await page.goto(`${baseUrl}/register`);
    await shot(page, `${label}-12-register`);
    await context.close();
  });
}
