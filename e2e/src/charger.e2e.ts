import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { ChargePointSimulator } from '@evc/charger-sim';
import { callApi, operatorToken, submitSignIn } from './app.ts';
import { launchBrowser, newPhonePage } from './browser.ts';

const baseUrl = inject('baseUrl');
const port = inject('port');
let browser: Browser;
let simulator: ChargePointSimulator;

const api = <T>(path: string, body: unknown, token?: string) =>
  callApi<T>(baseUrl, path, body, token);

beforeAll(async () => {
  browser = await launchBrowser();
  const token = await operatorToken(baseUrl, 'e2e-operator');
  await api(
    '/operator/chargers',
    {
      chargePointId: 'E2E-WHITBY',
      barcode: '7301',
      name: 'Whitby Harbour',
      address: 'Pier Road',
      city: 'Whitby',
      post_code: 'YO21 3PU',
      country: 'GB',
      lat: 54.4858,
      lon: -0.6153,
      password: 'whitby-harbour-1',
      connectors: [{ connectornumber: 1, type: 'Type 2', maxPowerKw: 22 }],
      tariff: { standard_rate: 0.39, currency: 'GBP', connection_cost: 25 },
    },
    token,
  );
  simulator = new ChargePointSimulator({
    url: `ws://localhost:${port}/ocpp`,
    chargePointId: 'E2E-WHITBY',
    password: 'whitby-harbour-1',
    connectors: 1,
    serialNumber: 'WHB-77',
  });
  await simulator.start();
});

afterAll(async () => {
  await simulator.stop();
  await browser.close();
});

test('a driver enters a charger id, sees the charger and its live status change without reloading', async () => {
  const { context, page } = await newPhonePage(browser);
  await page.goto(`${baseUrl}/login`);
  await submitSignIn(page, 'driver@example.com', 'Driver-pass-2026');
  await page.waitForURL('**/home');
  await page.getByLabel('Charger ID').fill('7301');
  await page.getByRole('button', { name: 'Find charger' }).click();
  await page.waitForURL('**/charger-details/7301');
  await page.getByRole('heading', { name: 'Whitby Harbour' }).waitFor();
  await expect(page.getByText('WHB-77').isVisible()).resolves.toBe(true);
  await expect(page.getByText('39p/kWh').isVisible()).resolves.toBe(true);
  await page.locator('.status-chip', { hasText: 'Available' }).waitFor();

  await simulator.setStatus(1, 'Charging');
  // Another driver's session reads "In use" (spec 000 §4); it arrives while the page stays open.
  await page.locator('.status-chip', { hasText: 'In use' }).waitFor();
  expect(page.url()).toMatch(/\/charger-details\/7301$/);
  await context.close();
});

test('an unknown charger id says Charger Not Found', async () => {
  const { context, page } = await newPhonePage(browser);
  await page.goto(`${baseUrl}/login`);
  await submitSignIn(page, 'driver@example.com', 'Driver-pass-2026');
  await page.waitForURL('**/home');
  await page.goto(`${baseUrl}/charger-details/0999`);
  await page.getByText('Charger Not Found').waitFor();
  await context.close();
});
