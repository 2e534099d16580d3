import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ChargePointSimulator } from '@evc/charger-sim';
import { callApi, operatorToken, submitSignIn } from './app.ts';
import { animationsSettled, DESKTOP, launchBrowser, newContext, newPhonePage } from './browser.ts';

const baseUrl = inject('baseUrl');
const port = inject('port');
let browser: Browser;
let simulator: ChargePointSimulator;
/** A card no run has seen before: the server keeps cards between runs on the same data. */
const uid = randomBytes(4).toString('hex').toUpperCase();

beforeAll(async () => {
  browser = await launchBrowser();
  const token = await operatorToken(baseUrl, 'e2e-operator-rfid');
  await callApi(
    baseUrl,
    '/operator/chargers',
    {
      chargePointId: 'E2E-RFID-READER',
      barcode: '7311',
      name: 'Scarborough Spa',
      address: 'South Bay',
      city: 'Scarborough',
      post_code: 'YO11 2HD',
      country: 'GB',
      lat: 54.276,
      lon: -0.401,
      connectors: [{ connectornumber: 1, type: 'Type 2', maxPowerKw: 22 }],
      tariff: { standard_rate: 0.42, currency: 'GBP' },
      // The simulator below runs it without a password.
      allowNoPassword: true,
    },
    token,
  ).catch((error: unknown) => {
    // A second run on the same data finds the charger there already.
    if (!String(error).includes('409')) throw error;
  });
  simulator = new ChargePointSimulator({
    url: `ws://localhost:${port}/ocpp`,
    chargePointId: 'E2E-RFID-READER',
    connectors: 1,
  });
  await simulator.start();
});

afterAll(async () => {
  await simulator.stop();
  await browser.close();
});

async function signIn(page: Page) {
  await page.goto(`${baseUrl}/login`);
  await submitSignIn(page, 'driver@example.com', 'Driver-pass-2026');
  await page.waitForURL('**/home');
}

test('the scan-new-card wizard reads a card presented twice at a charger and links it', async () => {
  const { context, page } = await newPhonePage(browser);
  await signIn(page);
  // spec 000 §2: RFID cards are a settings link.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.locator('ion-menu').getByText('Settings').click();
  await page.waitForURL('**/settings');
  await page.getByText('RFID cards').click();
  await page.waitForURL('**/manage-rfid-cards');
  await animationsSettled(page);
  await page.screenshot({ path: '/tmp/e2e-rfid-manage.png', fullPage: true });
  await page.getByText('Scan a new card').click();
  await page.waitForURL('**/scan-new-card');

  // spec 000 §8: unable to find the charger while scanning a card.
  await page.getByLabel('Charger ID').fill('0998');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('We were unable to find this charger while scanning your card').waitFor();
  await page.screenshot({ path: '/tmp/e2e-rfid-not-found.png', fullPage: true });

  await page.getByLabel('Charger ID').fill('7311');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('heading', { name: 'Present your card' }).waitFor();
  await page.screenshot({ path: '/tmp/e2e-rfid-scan-1.png', fullPage: true });

  // The charger refuses an unknown card; the wizard sees the attempt.
  await expect(simulator.presentTag(1, uid)).resolves.toBe('Invalid');
  await page.getByRole('heading', { name: 'Once more' }).waitFor();
  await page.getByText(/Time left: \d+ s/).waitFor();
  await page.screenshot({ path: '/tmp/e2e-rfid-scan-2.png', fullPage: true });
  await expect(simulator.presentTag(1, uid)).resolves.toBe('Invalid');
  await page.getByRole('heading', { name: 'Card read' }).waitFor();
  await page.getByText(uid).waitFor();

  await page.getByLabel('Name (optional)').fill('Work fob');
  await animationsSettled(page);
  await page.screenshot({ path: '/tmp/e2e-rfid-save.png', fullPage: true });
  await page.getByRole('button', { name: 'Save card' }).click();
  await page.waitForURL('**/manage-user-rfids');
  const card = page.getByTestId('rfid-cards').locator('ion-item', { hasText: 'Work fob' });
  await card.waitFor();
  await expect(card.getByText(uid).isVisible()).resolves.toBe(true);
  await page.screenshot({ path: '/tmp/e2e-rfid-cards.png', fullPage: true });

  // The card is now the driver's: the charger no longer meets an unknown tag.
  const status = await simulator.presentTag(1, uid);
  expect(['Accepted', 'Blocked']).toContain(status);
  if (status === 'Accepted') await simulator.stopTransaction(1);
  await context.close();
});

test('a card added by its number is listed on a wide screen and can be removed', async () => {
  const context = await newContext(browser, { viewport: DESKTOP, locale: 'en-GB' });
  const page = await context.newPage();
  await signIn(page);
  await page.goto(`${baseUrl}/add-rfid-by-code`);
  const printed = randomBytes(5).toString('hex').toUpperCase();
  await page.getByLabel('Card number').fill(printed.match(/.{2}/g)?.join(':') ?? printed);
  await page.getByLabel('Name (optional)').fill('Spare card');
  await animationsSettled(page);
  await page.screenshot({ path: '/tmp/e2e-rfid-by-code-desktop.png', fullPage: true });
  await page.getByRole('button', { name: 'Add card' }).click();
  await page.waitForURL('**/manage-user-rfids');
  const card = page.getByTestId('rfid-cards').locator('ion-item', { hasText: 'Spare card' });
  await card.getByText(printed).waitFor();
  await page.screenshot({ path: '/tmp/e2e-rfid-cards-desktop.png', fullPage: true });

  await card.getByRole('button', { name: 'Remove Spare card' }).click();
  await page.locator('ion-alert').getByRole('button', { name: 'Remove' }).click();
  await card.waitFor({ state: 'detached' });
  await context.close();
});
