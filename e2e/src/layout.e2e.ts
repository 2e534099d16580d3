import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { callApi, driverToken, saveSandboxCard, submitSignIn } from './app.ts';
import { launchBrowser, newContext, PHONE } from './browser.ts';
import {
  misalignedValues,
  overflowing,
  settled,
  smallTouchTargets,
  SMALL_PHONE,
} from './layout-checks.ts';

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

test('every control on the pages is at least 44 pixels each way on a phone (issue 19)', async () => {
  const context = await newContext(browser, { viewport: PHONE, locale: 'en-GB' });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await submitSignIn(page, 'driver@example.com', 'Driver-pass-2026');
  await page.waitForURL('**/home');
  const small: string[] = [];
  for (const route of PAGES) {
    await page.goto(`${baseUrl}/${route}`);
    await page.locator('.top-bar').first().waitFor();
    await page.waitForFunction(settled, 'en');
    small.push(...(await smallTouchTargets(page)).map((what) => `${route}: ${what}`));
  }
  expect(small).toEqual([]);
  await context.close();
}, 180_000);

test("a charger's tariff rows read each value on the line of its label, beside a fee's popover link too", async () => {
  const context = await newContext(browser, { viewport: PHONE, locale: 'en-GB' });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await submitSignIn(page, 'driver@example.com', 'Driver-pass-2026');
  await page.waitForURL('**/home');
  // Demo charger 1002: a connection fee and an overstay fee, each explained in a popover.
  await page.goto(`${baseUrl}/charger-details/1002`);
  await page.locator('.tariff-list .popover__link').first().waitFor();
  await page.waitForFunction(settled, 'en');
  expect(await misalignedValues(page, '.tariff-list > div')).toEqual([]);
  await context.close();
});

test("home's quick actions stay in one row once the other pages' styles have loaded too", async () => {
  const context = await newContext(browser, { viewport: PHONE, locale: 'en-GB' });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await submitSignIn(page, 'driver@example.com', 'Driver-pass-2026');
  await page.waitForURL('**/home');
  // The pages after the first screen load in the background, their styles with them: home
  // charging's among them once had a class of home's, and stacked these one per row.
  await page.waitForFunction(() =>
    Array.from(document.styleSheets).some((sheet) => sheet.href?.includes('home-charging')),
  );
  const tiles = page.locator('.home-actions .home-action');
  await tiles.nth(2).waitFor();
  await page.waitForFunction(settled, 'en');
  const tops = await tiles.evaluateAll((found) =>
    found.map((tile) => Math.round(tile.getBoundingClientRect().top)),
  );
  expect(new Set(tops).size).toBe(1);
  await context.close();
});

test("every control of find a charger is at least 44 pixels each way: its list, its map and the map's sheet", async () => {
  const context = await newContext(browser, { viewport: PHONE, locale: 'en-GB' });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await submitSignIn(page, 'driver@example.com', 'Driver-pass-2026');
  await page.waitForURL('**/home');
  await page.goto(`${baseUrl}/findcharger`);
  const small: string[] = [];
  const check = async (view: string) => {
    await page.waitForFunction(settled, 'en');
    small.push(...(await smallTouchTargets(page)).map((what) => `${view}: ${what}`));
  };
  // The list, with its rows drawn.
  await page.locator('.finder-row').first().waitFor();
  await check('list');
  // The map, with its clusters and zoom buttons.
  await page.locator('ion-segment-button', { hasText: 'Map' }).click();
  await page.locator('.finder-map__cluster').first().waitFor();
  await page.locator('.maplibregl-ctrl-zoom-in').waitFor();
  await check('map');
  // A charger picked on the map (a search for its ID): its sheet.
  await page.getByPlaceholder('Name, ID, postcode or town').fill('1002');
  await page.locator('.finder-map__card').waitFor();
  await check('sheet');
  expect(small).toEqual([]);
  await context.close();
});
