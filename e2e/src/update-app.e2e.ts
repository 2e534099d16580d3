import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPhonePage } from './browser.ts';
import { startServer, type RunningServer } from './server.ts';

let browser: Browser;
let newerServer: RunningServer;

beforeAll(async () => {
  // A server whose API has moved on to a major version this app does not speak.
  [browser, newerServer] = await Promise.all([
    launchBrowser(),
    startServer(undefined, { API_VERSION: '3.0.0' }),
  ]);
});

afterAll(async () => {
  await browser.close();
  await newerServer.stop();
});

test('an app version the server does not accept lands on update-app-page', async () => {
  const { context, page } = await newPhonePage(browser);
  await page.goto(`${newerServer.baseUrl}/login`);
  await page.waitForURL('**/update-app-page');
  const heading = page.getByRole('heading', { name: 'This version of the app is out of date' });
  await heading.waitFor();
  await expect(heading.isVisible()).resolves.toBe(true);
  await page.screenshot({ path: '/tmp/e2e-update-app.png' });
  // The update page stands alone: no navigation bar or menu.
  await expect(page.getByRole('button', { name: 'Open menu' }).count()).resolves.toBe(0);
  await context.close();
});
