import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { driverToken, submitSignIn } from './app.ts';
import { chargeOnce } from './charge-once.ts';
import { cachedUrls, launchBrowser, newContext, PHONE, shoot, WAIT_CEILING_MS } from './browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

/** What the app keeps on the device to show offline (lib/session/last-loaded-queries.ts). */
const keptData = (page: Page) =>
  page.evaluate(() => window.localStorage.getItem('lastLoadedData') ?? '');

/**
 * The chargers list the app keeps in IndexedDB (lib/session/last-loaded-list-store.ts): whose it is
 * and when it was loaded, or null. Never creates the database the app owns.
 */
const keptList = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ userId: unknown; dataUpdatedAt: unknown } | null>((resolve) => {
        const open = indexedDB.open('evc-last-loaded');
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve(null);
        open.onsuccess = () => {
          const database = open.result;
          const read = database.transaction('answers').objectStore('answers').get('listChargers');
          read.onsuccess = () => {
            database.close();
            const kept = read.result as { userId: unknown; state: { dataUpdatedAt: unknown } };
            resolve(kept ? { userId: kept.userId, dataUpdatedAt: kept.state.dataUpdatedAt } : null);
          };
        };
      }),
  );

test('offline, a reload stays signed in and shows the last-loaded charger, chargers list and history; back online the token is refreshed, never through /login', async () => {
  const session = await chargeOnce(baseUrl, await driverToken(baseUrl, 'e2e-offline-signed-in'));

  const context = await newContext(browser, {
    viewport: PHONE,
    locale: 'en-GB',
    serviceWorkers: 'allow',
  });
  // Every address the app shows, across reloads: /login must never be one once signed in.
  await context.addInitScript(() => {
    const record = () => {
      const seen = JSON.parse(window.sessionStorage.getItem('e2eVisited') ?? '[]') as string[];
      seen.push(window.location.pathname);
      window.sessionStorage.setItem('e2eVisited', JSON.stringify(seen));
    };
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (...args: Parameters<History['pushState']>) => {
        original(...args);
        record();
      };
    }
    window.addEventListener('popstate', record);
    record();
  });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await submitSignIn(page, 'driver@example.com', 'Driver-pass-2026');
  await page.waitForURL('**/home');
  await page.evaluate(() => window.sessionStorage.setItem('e2eVisited', '[]'));

  // The pages' code is kept by the service worker once it is preloaded (ADR 0020).
  await expect
    .poll(async () => (await cachedUrls(page, 'app-code')).join(' '), { timeout: WAIT_CEILING_MS })
    .toMatch(/charge-history-page-[\w-]+\.js/);
  await expect
    .poll(async () => (await cachedUrls(page, 'app-code')).join(' '), { timeout: WAIT_CEILING_MS })
    .toMatch(/charger-details-page-[\w-]+\.js/);
  await expect
    .poll(async () => (await cachedUrls(page, 'app-code')).join(' '), { timeout: WAIT_CEILING_MS })
    .toMatch(/find-charger-page-[\w-]+\.js/);
  await expect
    .poll(() => cachedUrls(page, 'translations'), { timeout: WAIT_CEILING_MS })
    .toContain(`${baseUrl}/assets/i18n/en.json`);

  // The chargers list is kept apart, in IndexedDB (ADR 0044).
  await page.goto(`${baseUrl}/findcharger`);
  await page.locator('.finder-row', { hasText: session.chargerName }).waitFor();
  await expect
    .poll(async () => (await keptList(page))?.dataUpdatedAt, { timeout: WAIT_CEILING_MS })
    .toBeTypeOf('number');
  await page.goto(`${baseUrl}/chargehistory`);
  await page.locator(`li[data-id="${session._id}"]`).waitFor();
  await page.goto(`${baseUrl}/charger-details/1005`);
  await page.getByText(session.chargerName).first().waitFor();
  await expect
    .poll(() => keptData(page), { timeout: WAIT_CEILING_MS })
    .toContain('["getChargerByBarcode",{"barcode":"1005"}]');
  expect(await keptData(page)).toContain(session._id);
  expect(await keptData(page)).not.toContain('"listChargers"');
  const { userId } = JSON.parse(await keptData(page)) as { userId: string };
  expect((await keptList(page))?.userId).toBe(userId);

  // The access token runs out while the device is offline.
  await page.evaluate(() => {
    const tokens = JSON.parse(window.localStorage.getItem('tokenData') ?? '{}') as {
      auth: { expiry: string };
    };
    tokens.auth.expiry = new Date(Date.now() - 60_000).toISOString();
    window.localStorage.setItem('tokenData', JSON.stringify(tokens));
  });
  await context.setOffline(true);
  await page.reload();

  const banner = page.locator('.offline-banner');
  await banner.getByText('No Internet Connection').waitFor();
  await page.getByText(session.chargerName).first().waitFor();
  await banner.getByText(/^Showing what was last loaded\. Last updated .+\.$/).waitFor();
  expect(new URL(page.url()).pathname).toBe('/charger-details/1005');
  await shoot(page, 'offline-charger-details');

  await page.goto(`${baseUrl}/findcharger`);
  await page.locator('.finder-row', { hasText: session.chargerName }).waitFor();
  await banner.getByText(/Last updated/).waitFor();
  await shoot(page, 'offline-findcharger');

  await page.goto(`${baseUrl}/chargehistory`);
  await page.locator(`li[data-id="${session._id}"]`).waitFor();
  await banner.getByText(/Last updated/).waitFor();
  await shoot(page, 'offline-chargehistory');

  const refreshes: number[] = [];
  const histories: number[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path === '/api/refreshToken') refreshes.push(response.status());
    if (path === '/api/getChargeHistory') histories.push(response.status());
  });
  await context.setOffline(false);

  await expect.poll(() => refreshes, { timeout: WAIT_CEILING_MS }).toEqual([200]);
  await banner.waitFor({ state: 'detached' });
  // The app works: the history is asked for again with the fresh token and answered.
  await expect.poll(() => histories, { timeout: WAIT_CEILING_MS }).toContain(200);
  await page.locator(`li[data-id="${session._id}"]`).waitFor();
  const visited = await page.evaluate(
    () => JSON.parse(window.sessionStorage.getItem('e2eVisited') ?? '[]') as string[],
  );
  expect(visited.length).toBeGreaterThan(0);
  expect(visited).not.toContain('/login');
  expect(new URL(page.url()).pathname).toBe('/chargehistory');
  await context.close();
});
