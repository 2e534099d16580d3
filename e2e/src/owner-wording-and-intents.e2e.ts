import { afterAll, beforeAll, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ChargePointSimulator } from '@evc/charger-sim';
import { callApi, driverToken, operatorToken, saveSandboxCard, submitSignIn } from './app.ts';
import { launchBrowser, newPhonePage, shoot } from './browser.ts';

const baseUrl = inject('baseUrl');
const port = inject('port');
let browser: Browser;
const simulators = new Map<string, ChargePointSimulator>();

const DRIVER = { email: 'driver@example.com', password: 'Driver-pass-2026' };
// The demo operator drives too: the second driver at the same connector.
const OTHER = { email: 'operator@example.com', password: 'Operator-pass-2026' };

/** Provisions a one-connector charger and connects a simulator to it. */
async function chargerWithSimulator(token: string, barcode: string, name: string) {
  const chargePointId = `E2E-OWNER-${barcode}`;
  const password = `owner-wording-${barcode}`;
  await callApi(
    baseUrl,
    '/operator/chargers',
    {
      chargePointId,
      barcode,
      name,
      address: '1 Quay Street',
      city: 'Hull',
      post_code: 'HU1 1AA',
      country: 'GB',
      lat: 53.7397,
      lon: -0.3324,
      password,
      connectors: [{ connectornumber: 1, type: 'Type 2', maxPowerKw: 22 }],
      tariff: { standard_rate: 0.4, currency: 'GBP' },
    },
    token,
  );
  const simulator = new ChargePointSimulator({
    url: `ws://localhost:${port}/ocpp`,
    chargePointId,
    password,
    connectors: 1,
    meterIntervalMs: 2000,
  });
  await simulator.start();
  simulators.set(barcode, simulator);
  return simulator;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const operator = await operatorToken(baseUrl, 'e2e-owner-wording');
  await chargerWithSimulator(operator, '7321', 'Hull Marina');
  await chargerWithSimulator(operator, '7322', 'Hull Minster');
  await chargerWithSimulator(operator, '7323', 'Hull Docks');
  const driver = await driverToken(baseUrl, 'e2e-owner-wording');
  await saveSandboxCard(baseUrl, driver, '4242424242424242');
  await saveSandboxCard(baseUrl, driver, '4000002500003155');
});

afterAll(async () => {
  for (const simulator of simulators.values()) await simulator.stop();
  await browser.close();
});

async function signIn(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await submitSignIn(page, who.email, who.password);
  await page.waitForURL('**/home');
}

/** From the connector's Charge button to the confirm page, paying with the card ending `last4`. */
async function chargeWithCard(page: Page, barcode: string, last4: string): Promise<void> {
  await page.locator('ion-button', { hasText: 'Charge here' }).first().click();
  await page.waitForURL('**/charging-select-payment?**');
  await page.locator('[data-method="PAYG"]', { hasText: last4 }).first().click();
  await page.waitForURL(`**/charging-confirm-payment?barcode=${barcode}**`);
  await page.getByText('we hold £30.00 on your card', { exact: false }).waitFor();
}

const chip = (page: Page, wording: string) =>
  page.locator('.connector .status-chip', { hasText: new RegExp(`^${wording}$`) });

test('the driver charging sees Charging on their connector; another driver sees In use', async () => {
  const { context, page } = await newPhonePage(browser);
  await signIn(page, DRIVER);
  await page.goto(`${baseUrl}/charger-details/7321`);
  await chip(page, 'Available').waitFor();
  await chargeWithCard(page, '7321', '4242');
  await page.getByRole('button', { name: 'Confirm and start' }).click();
  await page.waitForURL('**/charging-in-progress?**', { timeout: 60_000 });

  await page.goto(`${baseUrl}/charger-details/7321`);
  // The server confirms the transaction is this driver's (checkMyTransactionData).
  await chip(page, 'Charging').waitFor();
  await shoot(page, 'owner-wording-owner');

  const other = await newPhonePage(browser);
  await signIn(other.page, OTHER);
  await other.page.goto(`${baseUrl}/charger-details/7321`);
  await chip(other.page, 'In use').waitFor();
  await shoot(other.page, 'owner-wording-other-driver');

  // Live: the car stops drawing; its owner reads the status, the other driver Paused.
  await simulators.get('7321')?.suspendByVehicle(1, true);
  await chip(page, 'Paused by the vehicle').waitFor();
  await chip(other.page, 'Paused').waitFor();
  await other.context.close();
  await context.close();
});

test('a car plugged in before anyone starts shows Plugged in, and its Charge button starts it', async () => {
  await simulators.get('7322')?.setStatus(1, 'Preparing');
  const { context, page } = await newPhonePage(browser);
  await signIn(page, DRIVER);
  await page.goto(`${baseUrl}/charger-details/7322`);
  await chip(page, 'Plugged in').waitFor();
  await shoot(page, 'owner-wording-plugged-in');
  await chargeWithCard(page, '7322', '4242');
  await page.getByRole('button', { name: 'Confirm and start' }).click();
  await page.waitForURL('**/charging-in-progress?**', { timeout: 60_000 });
  await page.locator('.charging-hero', { hasText: 'Charging' }).waitFor();
  await context.close();
});

test('a payment left in its 3-D Secure challenge by a reload carries on from its secret', async () => {
  const { context, page } = await newPhonePage(browser);
  await signIn(page, DRIVER);
  await page.goto(`${baseUrl}/charger-details/7323`);
  await chip(page, 'Available').waitFor();
  await chargeWithCard(page, '7323', '3155');
  await page.getByRole('button', { name: 'Confirm and start' }).click();
  const challenge = page.locator('ion-alert', { hasText: 'Card confirmation needed' });
  await challenge.waitFor();

  // The driver's phone reloads the page in the middle of the bank's challenge.
  await page.reload();
  await challenge.waitFor();
  await shoot(page, 'owner-wording-challenge-resumed');
  await challenge.getByRole('button', { name: 'Confirm payment' }).click();
  await page.waitForURL('**/charging-in-progress?**', { timeout: 60_000 });
  await page.locator('.charging-hero', { hasText: 'Charging' }).waitFor();
  await context.close();
});
