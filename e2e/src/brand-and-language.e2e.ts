import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { resolveBrand } from '@evc/brands';
import { submitSignIn } from './app.ts';
import { launchBrowser, newPhonePage } from './browser.ts';

const baseUrl = inject('baseUrl');
const port = inject('port');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

const brandPrimary = (host: string) => resolveBrand(host).brand.styles['--ion-color-primary'] ?? '';
const asRgb = (hex: string) =>
  `rgb(${[1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16)).join(', ')})`;

const primaryColour = (page: Page) =>
  page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--ion-color-primary').trim(),
  );

test("another brand's host shows its name, colours and icon", async () => {
  const { context, page } = await newPhonePage(browser);
  await page.goto(`http://voltway.localhost:${port}/login`);
  await page.locator('.page-view__brand').getByText('Voltway', { exact: true }).waitFor();
  await expect(primaryColour(page)).resolves.toBe(brandPrimary('voltway.localhost'));
  await expect(page.title()).resolves.toBe('Voltway');
  await expect(page.locator('.page-view__brand img').getAttribute('src')).resolves.toBe(
    '/brand-icon/voltway.svg',
  );
  const buttonColour = await page
    .locator('.primary-action')
    .evaluate(
      (element) =>
        getComputedStyle(element.shadowRoot?.querySelector('button') ?? element).backgroundColor,
    );
  expect(buttonColour).toBe(asRgb(brandPrimary('voltway.localhost')));
  const manifest = await page.evaluate(async () => {
    const response = await fetch('/manifest.webmanifest');
    return (await response.json()) as { name: string; theme_color: string };
  });
  expect(manifest).toMatchObject({
    name: 'Voltway',
    theme_color: brandPrimary('voltway.localhost'),
  });

  // The same server on plain localhost is the default brand.
  await page.goto(`${baseUrl}/login`);
  await page.locator('.page-view__brand').getByText('EV Charge', { exact: true }).waitFor();
  await expect(primaryColour(page)).resolves.toBe(brandPrimary('localhost'));
  expect(brandPrimary('localhost')).not.toBe(brandPrimary('voltway.localhost'));
  await context.close();
});

test('choosing French shows French and is saved on the account', async () => {
  const { context, page } = await newPhonePage(browser);
  await page.goto(`${baseUrl}/login`);
  await submitSignIn(page, 'driver@example.com', 'Driver-pass-2026');
  await page.waitForURL('**/home');
  await page.goto(`${baseUrl}/language`);
  await page.getByRole('heading', { name: 'Language' }).waitFor();
  // The language is saved on the account once the signed-in user is loaded (spec 001 §4).
  await page.getByRole('button', { name: 'Open menu' }).waitFor();
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/setUserLanguage'));
  await page.getByRole('radio', { name: 'Français' }).click();
  await page.getByRole('heading', { name: 'Langue' }).waitFor();
  expect((await saved).status()).toBe(200);
  await page.goto(`${baseUrl}/home`);
  await page.getByRole('heading', { name: 'Bonjour, Dana' }).waitFor();

  // Saved on the account: a fresh sign-in elsewhere reads French from the server.
  const login = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'driver@example.com',
      password: 'Driver-pass-2026',
      apiVersion: { majorversion: 2, minorversion: 0, patchversion: 0 },
      appVersion: '2.7.9',
      uuid: 'e2e-language-check',
    }),
  });
  const token = ((await login.json()) as { data: { user: { token: string } } }).data.user.token;
  const userdata = await fetch(`${baseUrl}/api/userdata`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: '{}',
  });
  const user = ((await userdata.json()) as { data: { _id: string; language: { code: string } } })
    .data;
  expect(user.language.code).toBe('fr');
  // Put the shared demo driver back to English for the other browser tests.
  const restored = await fetch(`${baseUrl}/api/setUserLanguage`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ userid: user._id, lang: 'en' }),
  });
  expect(restored.status).toBe(200);

  // And it stays French after a reload on this device.
  await page.reload();
  await page.getByRole('heading', { name: 'Bonjour, Dana' }).waitFor();
  await context.close();
});

test('the first screen waits for its own language only; the others follow for the lists', async () => {
  const { context, page } = await newPhonePage(browser);
  const fetched: string[] = [];
  let releaseOthers: () => void = () => undefined;
  const othersHeld = new Promise<void>((release) => (releaseOthers = release));
  // Held until the first screen is up: a start that waited for them would never show it.
  await page.route(/\/assets\/i18n\/(fr|cy|es|it)\.json$/, async (route) => {
    await othersHeld;
    await route.continue();
  });
  page.on('request', (request) => {
    const file = /\/assets\/i18n\/(\w+)\.json$/.exec(new URL(request.url()).pathname)?.[1];
    if (file) fetched.push(file);
  });
  await page.goto(`${baseUrl}/login`);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  expect(fetched[0]).toBe('en');

  const othersArrived = Promise.all(
    ['fr', 'cy', 'es', 'it'].map((code) =>
      page.waitForResponse((response) => response.url().endsWith(`/assets/i18n/${code}.json`)),
    ),
  );
  releaseOthers();
  await othersArrived;
  await page.getByRole('button', { name: 'Choose a language' }).click();
  const list = page.locator('ion-popover[is-open] ion-list');
  await list.getByText('Italiano').waitFor();
  await expect(list.locator('ion-item').count()).resolves.toBe(5);
  await context.close();
});

test('Welsh dates read in Welsh, though Chromium has no Welsh of its own', async () => {
  const { context, page } = await newPhonePage(browser);
  await page.goto(`${baseUrl}/login`);
  await submitSignIn(page, 'driver@example.com', 'Driver-pass-2026');
  await page.waitForURL('**/home');
  // This device only: the shared demo driver's account keeps English.
  await page.evaluate(() => window.localStorage.setItem('language', 'cy'));
  await page.goto(`${baseUrl}/terms`);
  await page.getByText('Diweddarwyd ddiwethaf 1 Tachwedd 2026').waitFor();
  await context.close();
});

test('a phone set to Welsh reads Welsh dates and British money, not ICU’s root forms', async () => {
  // Chromium set to Welsh claims the locale but has no data for it: Intl alone would write
  // "2026 M11 1" and "£ 0.00".
  const { context, page } = await newPhonePage(browser, { locale: 'cy' });
  await page.goto(`${baseUrl}/login`);
  await page.evaluate(() => window.localStorage.setItem('language', 'en'));
  await page.reload();
  await submitSignIn(page, 'driver@example.com', 'Driver-pass-2026');
  await page.waitForURL('**/home');
  await page.evaluate(() => window.localStorage.setItem('language', 'cy'));
  await page.goto(`${baseUrl}/terms`);
  await page.getByText('Diweddarwyd ddiwethaf 1 Tachwedd 2026').waitFor();
  await expect
    .poll(() => page.locator('.top-bar .balance-badge').first().textContent())
    .toMatch(/^-?£\d+\.\d{2}$/);
  await context.close();
});
