import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { callApi, driverToken, saveSandboxCard, submitSignIn } from './app.ts';
import { launchBrowser, newContext } from './browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  // What the pages show at their widest, whichever browser tests ran first: a default card and
  // another that can be made default, and a named RFID card.
  const token = await driverToken(baseUrl, 'e2e-layout');
  await saveSandboxCard(baseUrl, token, '4242 4242 4242 4242');
  await saveSandboxCard(baseUrl, token, '4242 4242 4242 4242', new Date().getFullYear() + 4);
  const driver = await callApi<{ _id: string }>(baseUrl, '/userdata', {}, token);
  await callApi(
    baseUrl,
    '/createRFID',
    {
      tagData: { uid: 'A1B2C3D4E5F6', name: 'Carte de la voiture de société', userid: driver._id },
    },
    token,
  );
});

afterAll(async () => {
  await browser.close();
});

/** The smallest phone the app is laid out for. */
const SMALL_PHONE = { width: 320, height: 640 };

/** The signed-in driver's pages, each with its longest texts in some language. */
const PAGES = [
  'home',
  'findcharger',
  'charger-details/1002',
  'chargehistory',
  'dashboard',
  'balance',
  'topup-select-card',
  'settings',
  'edit-user',
  'email-preferences',
  'manage-payments',
  'add-payment-method',
  'manage-rfid-cards',
  'scan-new-card',
  'add-rfid-by-code',
  'affiliates',
  'add-affiliates',
  'support',
  'language',
  'change-password',
];

/**
 * The page is mounted in `language`, has its data and its Ionic components are drawn: no spinner,
 * and every Ionic element upgraded (before that an ion-button has no size to overflow with).
 */
function settled(language: string): boolean {
  if (document.documentElement.lang !== language) return false;
  // The route's page is mounted (its code arrives after the shell): a heading outside the menu.
  const headings = document.querySelectorAll('ion-content h1, ion-content h2');
  let mounted = false;
  for (let index = 0; index < headings.length; index += 1) {
    if (!headings.item(index).closest('ion-menu')) mounted = true;
  }
  if (!mounted) return false;
  if (document.querySelector('ion-content ion-spinner')) return false;
  const ionic = document.querySelectorAll('ion-content *');
  for (let index = 0; index < ionic.length; index += 1) {
    const element = ionic.item(index);
    if (element.tagName.startsWith('ION-') && !element.classList.contains('hydrated')) return false;
  }
  return true;
}

/**
 * Elements reaching past the right edge of the screen (a page that scrolls sideways), and the top
 * bar's brand name running under the balance.
 */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const elements = document.querySelectorAll('body *');
    for (let index = 0; index < elements.length; index += 1) {
      const element = elements.item(index);
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= window.innerWidth + 1) continue;
      // Off-screen on purpose: the closed side menu, hidden overlays.
      if (element.closest('ion-menu, .ion-page-hidden, [aria-hidden="true"]')) continue;
      const text = (element.textContent ?? '').trim().slice(0, 30);
      found.push(`${element.tagName.toLowerCase()} "${text}" ends at ${Math.round(box.right)}px`);
    }
    const name = document.querySelector('.top-bar__name')?.getBoundingClientRect();
    const balance = document.querySelector('.top-bar .balance-badge')?.getBoundingClientRect();
    if (name && balance && name.right > balance.left + 1) {
      found.push(`the brand's name runs under the balance (${Math.round(name.right)}px)`);
    }
    return found;
  });
}

test.each(['en', 'fr', 'cy', 'es', 'it'])(
  'every page fits a 320-pixel phone in %s',
  async (language) => {
    const context = await newContext(browser, { viewport: SMALL_PHONE, locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await submitSignIn(page, 'driver@example.com', 'Driver-pass-2026');
    await page.waitForURL('**/home');
    // This device only: the shared demo driver's account keeps its language.
    await page.evaluate((code) => window.localStorage.setItem('language', code), language);
    const wide: string[] = [];
    for (const route of PAGES) {
      await page.goto(`${baseUrl}/${route}`);
      await page.locator('.top-bar').first().waitFor();
      await page.waitForFunction(settled, language);
      wide.push(...(await overflowing(page)).map((what) => `${route}: ${what}`));
    }
    expect(wide).toEqual([]);
    await context.close();
  },
  180_000,
);
