import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { cachedUrls, launchBrowser, newContext, PHONE, WAIT_CEILING_MS } from './browser.ts';
import { startServer, type RunningServer } from './server.ts';

let browser: Browser;
let server: RunningServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startServer()]);
});

afterAll(async () => {
  await browser.close();
  await server.stop();
});

test('after a first visit the app opens its pages with no signal; installing it downloads only the shell', async () => {
  const context = await newContext(browser, {
    viewport: PHONE,
    locale: 'en-GB',
    serviceWorkers: 'allow',
  });
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}/login`);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();

  // The first screen's page and every page preloaded after it end up in the worker's cache.
  await expect
    .poll(async () => (await cachedUrls(page, 'app-code')).map((url) => new URL(url).pathname), {
      timeout: WAIT_CEILING_MS,
    })
    .toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/assets\/login-page-[\w-]+\.js$/),
        expect.stringMatching(/^\/assets\/register-page-[\w-]+\.js$/),
      ]),
    );
  // Installing the worker fetched the shell, not the code of pages nobody has opened yet (other
  // pages, the map, the barcode reader): those come through the page or its preloading.
  const precached = await cachedUrls(page, 'workbox-precache');
  expect(precached.some((url) => new URL(url).pathname === '/index.html')).toBe(true);
  expect(precached.filter((url) => /maplibre|register-page|zxing/.test(url))).toEqual([]);
  await expect
    .poll(() => cachedUrls(page, 'translations'), { timeout: WAIT_CEILING_MS })
    .toContain(`${server.baseUrl}/assets/i18n/en.json`);

  await context.setOffline(true);
  await page.goto(`${server.baseUrl}/register`);
  await page.getByLabel('First name').waitFor();
  await expect(page.getByRole('button', { name: 'Create account' }).isVisible()).resolves.toBe(
    true,
  );
  await context.close();
});
