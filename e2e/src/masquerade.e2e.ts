import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser, Frame, Page } from 'playwright-core';
import { callApi } from './app.ts';
import { DESKTOP, launchBrowser, newContext, shoot } from './browser.ts';
import { signInAsSupport } from './console.ts';

const baseUrl = inject('baseUrl');
const port = inject('port');
/** The console on the default brand's own host; it frames the app on that host's masquerade name. */
const consoleUrl = `http://evcharge.localhost:${port}/console`;
const DRIVER = { email: 'driver@example.com', password: 'Driver-pass-2026' };
const API_VERSION = { majorversion: 2, minorversion: 0, patchversion: 0 };

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

/** The demo driver's account language, read with their own sign-in. */
async function driverLanguage(): Promise<string> {
  const signedIn = await callApi<{ user: { token: string } }>(baseUrl, '/login', {
    name: DRIVER.email,
    password: DRIVER.password,
    apiVersion: API_VERSION,
    appVersion: '2.7.9',
    uuid: 'e2e-masquerade-check',
  });
  const me = await callApi<{ language: { code: string } }>(
    baseUrl,
    '/userdata',
    {},
    signedIn.user.token,
  );
  return me.language.code;
}

async function appFrame(page: Page): Promise<Frame> {
  const handle = await page.getByTitle('Driver app (masquerade)').elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error('the app frame is not there');
  return frame;
}

test('support staff open the app as the demo driver from the console: banner, confirm once, language kept off the account, clearAll logs out', async () => {
  const languageBefore = await driverLanguage();
  const context = await newContext(browser, { viewport: DESKTOP, locale: 'en-GB' });
  const page = await context.newPage();
  const languageCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/setUserLanguage')) languageCalls.push(request.url());
  });

  await signInAsSupport(page, baseUrl, consoleUrl);
  await page.getByLabel(/E-mail, name, phone, HRCode or guest code/).fill(DRIVER.email);
  await page.getByRole('button', { name: 'Find' }).click();
  await page.getByRole('link', { name: 'Dana Driver' }).click();
  await page.getByRole('heading', { name: 'Dana Driver' }).waitFor();
  const hrCode = (await page.locator('header code').first().textContent()) ?? '';

  const panel = page.getByRole('region', { name: 'Masquerade' });
  await panel.getByRole('button', { name: 'Open the app as this driver' }).click();
  await panel.getByLabel('Reason').fill('Browser test: the driver asks about a receipt');
  await panel.getByRole('button', { name: 'Open the app as this driver' }).click();
  const app = await appFrame(page);

  // The banner names the driver and their HRCode; the confirmation asks once.
  const banner = app.getByTestId('masquerade-banner');
  await banner.getByText(`(${hrCode})`, { exact: false }).waitFor();
  expect(await banner.textContent()).toMatch(/^Support view: acting as .+ \(.+\)$/);
  const overlay = app.locator('.masquerade-overlay');
  await overlay.getByText('Support masquerade').waitFor();
  await shoot(page, 'masquerade-confirm');
  expect(await overlay.locator('ion-button').count()).toBe(1);
  await overlay.locator('ion-button', { hasText: 'Confirm' }).click();
  await overlay.waitFor({ state: 'detached' });
  await app.waitForURL('**/home');
  await shoot(page, 'masquerade-home');

  // A language chosen in masquerade: the app speaks it, the account keeps its own.
  await app.locator('.home-links ion-item', { hasText: 'Settings' }).click();
  await app.waitForURL('**/settings');
  await app.locator('.settings-list ion-item', { hasText: 'Language' }).click();
  await app.waitForURL('**/language');
  await app.getByRole('radio', { name: 'Français' }).click();
  await banner.getByText('Vue support', { exact: false }).waitFor();
  expect(await app.locator('.masquerade-overlay').count()).toBe(0);
  expect(languageCalls).toEqual([]);
  expect(await driverLanguage()).toBe(languageBefore);
  // Nothing of the masquerade is kept on the device.
  expect(await app.evaluate(() => window.localStorage.length)).toBe(0);

  // The console's clearAll: logged out, the page loaded again, no one signed in.
  await panel.getByRole('button', { name: 'Clear all' }).click();
  await app.waitForURL('**/login');
  await banner.getByText('Support view:', { exact: false }).waitFor();
  await app.getByRole('button', { name: 'Sign in' }).waitFor();
  expect(await app.locator('.masquerade-overlay').count()).toBe(0);
  await shoot(page, 'masquerade-cleared');

  // The masquerade is in the audit log, with its reason.
  await page.getByRole('link', { name: 'Audit log' }).click();
  await page
    .locator('table.audit tr', { hasText: 'Browser test: the driver asks about a receipt' })
    .getByText('consoleMasquerade')
    .waitFor();
  await context.close();
});
