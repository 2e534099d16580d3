import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
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

/**
 * spec 000 §2's guarded pages (app/routes.ts), with a parameter where the route needs one. The
 * root pages (home, login, guest home, update notice) have no back button; charging pages that
 * need a session of the driver's are left to the charging tests.
 */
const SIGNED_IN_PAGES = [
  'chargehistory',
  'dashboard',
  'findcharger',
  'balance',
  'settings',
  'charger-details/1002',
  'charger-details?barcode=1002',
  'topup-select-card',
  'add-payment-method',
  'manage-rfid-cards',
  'scan-new-card',
  'edit-user',
  'change-password',
  'manage-payments',
  'affiliates',
  'email-preferences',
  'terms-conditions',
  'language',
  'manage-user-rfids',
  'add-rfid-by-code',
  'manage-affiliates',
  'add-affiliates',
  'terms',
  'privacy',
  'support',
  'delete-account',
  'home-charging',
  'faq',
  'mfa',
];

/** Pages of someone not signed in; their root is sign-in. */
const SIGNED_OUT_PAGES = ['register', 'reset-password', 'reset/not-a-real-token'];

const backButton = (page: Page) => page.getByRole('button', { name: 'Back', exact: true });

async function signIn(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await submitSignIn(page, 'driver@example.com', 'Driver-pass-2026');
  await page.waitForURL('**/home');
}

test('every signed-in sub-page opened directly has a back button that leads to home', async () => {
  const { context, page } = await newPhonePage(browser);
  await signIn(page);
  await expect(backButton(page).count()).resolves.toBe(0);
  const missing: string[] = [];
  for (const route of SIGNED_IN_PAGES) {
    await page.goto(`${baseUrl}/${route}`);
    const back = backButton(page);
    try {
      await back.waitFor({ state: 'visible', timeout: 15_000 });
    } catch {
      missing.push(route);
      continue;
    }
    // A page opened directly has no address before it: back goes to the root, which is home.
    // One tap, as soon as the button shows: it keeps its place while the page is still drawn.
    await back.click();
    await page.waitForURL(`${baseUrl}/home`);
    await expect.poll(() => backButton(page).count()).toBe(0);
  }
  expect(missing).toEqual([]);
  await context.close();
}, 300_000);

test('the back button of a page opened directly keeps its place while the page is drawn', async () => {
  const { context, page } = await newPhonePage(browser);
  await signIn(page);
  for (const route of ['settings', 'balance', 'charger-details/1002']) {
    await page.goto(`${baseUrl}/${route}`);
    const back = backButton(page);
    await back.waitFor({ state: 'visible' });
    const first = await back.boundingBox();
    // The menu button comes with the session, after the back button: it must not push it aside.
    await page.getByRole('button', { name: 'Open menu' }).waitFor({ state: 'visible' });
    await expect(back.boundingBox(), route).resolves.toEqual(first);
  }
  await context.close();
});

test('back returns to the address visited before, then to the root', async () => {
  const { context, page } = await newPhonePage(browser);
  await signIn(page);
  await page.goto(`${baseUrl}/settings`);
  await page.locator('ion-item').filter({ hasText: 'Language' }).first().click();
  await page.waitForURL('**/language');
  await backButton(page).click();
  await page.waitForURL(`${baseUrl}/settings`);
  await backButton(page).click();
  await page.waitForURL(`${baseUrl}/home`);
  await context.close();
});

test('the pages of someone signed out have a back button that leads to sign-in', async () => {
  const { context, page } = await newPhonePage(browser);
  for (const route of SIGNED_OUT_PAGES) {
    await page.goto(`${baseUrl}/${route}`);
    await backButton(page).click();
    await page.waitForURL(`${baseUrl}/login`);
  }
  // From sign-in to registration and back again.
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.waitForURL('**/register');
  await backButton(page).click();
  await page.waitForURL(`${baseUrl}/login`);
  await context.close();
});
