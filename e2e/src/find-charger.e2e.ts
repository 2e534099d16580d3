import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { callApi, operatorToken, submitSignIn } from './app.ts';
import { PHONE, launchBrowser, newContext, newPhonePage, shoot } from './browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

/** A charger only this file provisions, in Robin Hood's Bay (YO22 4SE). */
const CHARGER = {
  chargePointId: 'E2E-FINDER-RHB',
  barcode: '7342',
  name: "Robin Hood's Bay Finder",
  address: 'Station Road',
  city: "Robin Hood's Bay",
  post_code: 'YO22 4SE',
  country: 'GB',
  lat: 54.4343,
  lon: -0.5346,
  connectors: [{ connectornumber: 1, type: 'CCS', maxPowerKw: 50 }],
  tariff: { standard_rate: 0.45, currency: 'GBP' },
};

const api = <T>(path: string, body: unknown, token?: string) =>
  callApi<T>(baseUrl, path, body, token);

beforeAll(async () => {
  browser = await launchBrowser();
  const token = await operatorToken(baseUrl, 'e2e-finder-operator');
  await api('/operator/chargers', CHARGER, token);
});

afterAll(async () => {
  await browser.close();
});

/** Signs in as the demo driver and opens the find-charger page from the side menu's address. */
async function openFinder(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await submitSignIn(page, 'driver@example.com', 'Driver-pass-2026');
  await page.waitForURL('**/home');
  await page.goto(`${baseUrl}/findcharger`);
  await page.locator('.finder-row').first().waitFor();
}

async function search(page: Page, text: string): Promise<void> {
  await page.getByPlaceholder('Name, ID, postcode or town').fill(text);
}

async function openFirstRowAndSeeDetails(page: Page): Promise<void> {
  await page.locator('.finder-row').first().getByRole('button').click();
  await page.waitForURL(`**/charger-details/${CHARGER.barcode}`);
  await page.getByRole('heading', { name: CHARGER.name }).waitFor();
}

test('a driver finds a charger by name and opens its details', async () => {
  const { context, page } = await newPhonePage(browser);
  await openFinder(page);
  await search(page, 'bay finder');
  await page.locator('.finder-row', { hasText: CHARGER.name }).waitFor();
  await expect(page.locator('.finder-row').count()).resolves.toBe(1);
  await openFirstRowAndSeeDetails(page);
  await context.close();
});

test('a driver finds a charger by its 4-digit barcode', async () => {
  const { context, page } = await newPhonePage(browser);
  await openFinder(page);
  await search(page, CHARGER.barcode);
  await page.locator('.finder-row', { hasText: CHARGER.name }).waitFor();
  await expect(page.locator('.finder-row').count()).resolves.toBe(1);
  await openFirstRowAndSeeDetails(page);
  await context.close();
});

test('a driver finds the nearest charger by postcode, the geocoder stubbed at its boundary', async () => {
  const { context, page } = await newPhonePage(browser);
  const lookups: URL[] = [];
  await page.route('**/nominatim.openstreetmap.org/search**', async (route) => {
    lookups.push(new URL(route.request().url()));
    await route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify([
        { lat: '54.4341', lon: '-0.5352', display_name: "Robin Hood's Bay, YO22 4SE, UK" },
      ]),
    });
  });
  await openFinder(page);
  await search(page, 'yo22 4se');
  await page.locator('.finder-row').first().filter({ hasText: CHARGER.name }).waitFor();
  expect(lookups[0]?.searchParams.get('q')).toBe('YO22 4SE, UK');
  expect(lookups[0]?.searchParams.get('format')).toBe('json');
  await openFirstRowAndSeeDetails(page);
  await context.close();
});

test('the postcode on a charger’s card finds it while the geocoder is down (issue 19)', async () => {
  const { context, page } = await newPhonePage(browser);
  await page.route('**/nominatim.openstreetmap.org/search**', (route) =>
    route.fulfill({ status: 503, body: 'unavailable' }),
  );
  await openFinder(page);
  await search(page, 'YO224SE');
  await page.locator('.finder-row').first().filter({ hasText: CHARGER.name }).waitFor();
  await openFirstRowAndSeeDetails(page);
  await context.close();
});

test('a geocoder that fails leaves the driver with No chargers found', async () => {
  const { context, page } = await newPhonePage(browser);
  await page.route('**/nominatim.openstreetmap.org/search**', (route) =>
    route.fulfill({ status: 503, body: 'unavailable' }),
  );
  await openFinder(page);
  await search(page, 'Nowhere-on-the-map');
  await page.getByText('No chargers found').waitFor();
  await context.close();
});

test('Near me with the location allowed lists the nearest chargers first, each with its distance', async () => {
  // The driver stands on Robin Hood's Bay's Station Road, a few metres from the charger.
  const context = await newContext(browser, {
    viewport: PHONE,
    locale: 'en-GB',
    permissions: ['geolocation'],
    geolocation: { latitude: 54.4345, longitude: -0.535 },
  });
  const page = await context.newPage();
  await openFinder(page);
  await page.getByRole('button', { name: 'Near me' }).click();
  await page.locator('.finder-row').first().filter({ hasText: CHARGER.name }).waitFor();
  const distances = await page.locator('.finder-row__distance').allTextContents();
  // A few metres away reads in yards; the rest in miles, nearest first.
  expect(distances[0]).toMatch(/^\d+\syd$/);
  const miles = distances.map((text) =>
    text.endsWith('yd') ? Number.parseFloat(text) / 1760 : Number.parseFloat(text),
  );
  expect(miles.length).toBeGreaterThan(2);
  expect(miles).toEqual([...miles].sort((a, b) => a - b));
  await shoot(page, 'near-me');
  await context.close();
});

test('the map sheet of a charger shows its power, what is free, the price now and Directions', async () => {
  const { context, page } = await newPhonePage(browser);
  const opened: string[] = [];
  // No maps site is reachable here: the page the Directions button opens is answered empty.
  await context.route('https://www.google.com/maps/**', async (route) => {
    opened.push(route.request().url());
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<p>maps</p>' });
  });
  await openFinder(page);
  // A barcode search picks its charger: the map opens with its sheet.
  await search(page, CHARGER.barcode);
  const row = page.locator('.finder-row', { hasText: CHARGER.name });
  await row.waitFor();
  await expect(row.locator('.finder-row__facts').textContent()).resolves.toMatch(/^50\skW/);
  // Issue 19: the row's price now, a flat tariff's rate as it is.
  await expect(row.locator('.finder-row__price').textContent()).resolves.toBe('45p/kWh');
  await page.locator('ion-segment-button', { hasText: 'Map' }).click();
  const sheet = page.locator('.finder-map__card');
  await sheet.waitFor();
  await expect(sheet.getByRole('heading').textContent()).resolves.toBe(CHARGER.name);
  await expect(sheet.getByTestId('price-now').textContent()).resolves.toBe('45p/kWh');
  await expect(sheet.locator('.finder-row__facts').textContent()).resolves.toMatch(/^50\skW/);
  await shoot(page, 'map-sheet');
  const popup = context.waitForEvent('page');
  await sheet.getByRole('button', { name: 'Directions' }).click();
  await (await popup).waitForLoadState();
  expect(opened[0]).toBe(
    `https://www.google.com/maps/dir/?api=1&destination=${CHARGER.lat},${CHARGER.lon}`,
  );
  await sheet.getByRole('button', { name: 'Open details' }).click();
  await page.waitForURL(`**/charger-details/${CHARGER.barcode}`);
  await page.getByRole('button', { name: 'Directions' }).waitFor();
  await shoot(page, 'charger-details');
  await context.close();
});

test('a row whose price changes with the time of day says the price now (issue 19)', async () => {
  const { context, page } = await newPhonePage(browser);
  await openFinder(page);
  // The demo's long-stay bay: 69p/kWh by day, 49p/kWh from 20:00.
  await search(page, 'York Station Long Stay');
  const row = page.locator('.finder-row', { hasText: 'York Station Long Stay' });
  await row.locator('.finder-row__price').waitFor();
  await expect(row.locator('.finder-row__price').textContent()).resolves.toMatch(
    /^Now (69|49)p\/kWh$/,
  );
  await shoot(page, 'row-price-now');
  await context.close();
});
