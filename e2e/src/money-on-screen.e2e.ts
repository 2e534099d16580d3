import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { acknowledgeAlert, submitSignIn } from './app.ts';
import { launchBrowser, newPhonePage, registeredAccount, shoot } from './browser.ts';

// Issue 19: money on screen adds up and never changes meaning, on a phone, against the demo
// network's simulated chargers.
const baseUrl = inject('baseUrl');
const PASSWORD = 'Money-adds-up-2026';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

/** A driver of the test's own, signed in, with a sandbox card added through the app. */
async function driverWithCard(page: Page, email: string): Promise<void> {
  await registeredAccount(baseUrl, email, PASSWORD);
  await page.goto(`${baseUrl}/login`);
  await submitSignIn(page, email, PASSWORD);
  await page.waitForURL('**/home');
  await page.goto(`${baseUrl}/add-payment-method`);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Add card' }).click();
  await acknowledgeAlert(page, 'Card successfully Added');
  await page.waitForURL('**/manage-payments');
}

/** From the charger's page to the confirm page with the card. */
async function toConfirm(page: Page, barcode: string): Promise<void> {
  await page.goto(`${baseUrl}/charger-details/${barcode}`);
  await page.locator('.tariff-list').first().waitFor();
  await shoot(page, `money-charger-${barcode}`);
  await page.locator('ion-button', { hasText: 'Charge here' }).first().click();
  await page.waitForURL('**/charging-select-payment?**');
  await page.locator('[data-method="PAYG"]', { hasText: '4242' }).first().click();
  await page.waitForURL('**/charging-confirm-payment?**');
  await page.getByText('we hold £30.00 on your card', { exact: false }).waitFor();
}

const text = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).textContent()) ?? '';
const number = (shown: string) => Number.parseFloat(shown.replace(/[^\d.]/g, ''));

async function startAndWaitForEnergy(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Confirm and start' }).click();
  await page.waitForURL('**/charging-in-progress?**', { timeout: 60_000 });
  await expect
    .poll(async () => number(await text(page, 'live-kwh')), { timeout: 60_000, interval: 1000 })
    .toBeGreaterThan(0);
}

/** The minor units of each breakdown row and of its total, in a page or a part of one. */
async function breakdownMinor(scope: Page | Locator): Promise<{ rows: number[]; total: number }> {
  const minor = (cells: string[]) => cells.map(Number);
  const rows = minor(
    await scope
      .locator('.cost-breakdown tbody [data-minor]')
      .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-minor') ?? 'NaN')),
  );
  const total = Number(
    await scope.locator('.cost-breakdown tfoot [data-minor]').getAttribute('data-minor'),
  );
  return { rows, total };
}

/** Each breakdown row as the driver reads it, the total's included. */
const breakdownRows = (scope: Page | Locator): Promise<string[]> =>
  scope.locator('.cost-breakdown tbody tr, .cost-breakdown tfoot tr').allTextContents();

test("York's fees: the estimate before the hold, live cost and hold, and a breakdown that adds up", async () => {
  const { context, page } = await newPhonePage(browser);
  await driverWithCard(page, `money-york-${Date.now()}@example.com`);

  await toConfirm(page, '1002');
  // Before the hold: the tariff in words and an estimate.
  const wording = page.getByTestId('tariff-wording');
  await expect
    .poll(() => wording.textContent())
    .toMatch(/Day 69p\/kWh · \d\d:\d\d–\d\d:\d\d 49p\/kWh/);
  expect(await wording.locator('li').allTextContents()).toEqual([
    'Connection fee £1.00',
    'Overstay £5.00/h after 30 min',
  ]);
  expect(await text(page, 'charge-estimate')).toMatch(/^About £\d+\.\d\d for 20 kWh$/);
  await shoot(page, 'money-confirm');

  await startAndWaitForEnergy(page);
  // The big figure is the cost; the connection fee is in it from the start.
  await expect
    .poll(async () => number(await text(page, 'live-cost')), { interval: 1000 })
    .toBeGreaterThanOrEqual(1);
  expect(await text(page, 'live-hold')).toMatch(/^£\d+\.\d\d of £30\.00$/);
  await expect
    .poll(async () => text(page, 'live-power'), { interval: 1000 })
    .toMatch(/^\d+(\.\d)?\skW$/);
  // York's connectors are rated 50 kW.
  expect(number(await text(page, 'live-power'))).toBeLessThanOrEqual(50);
  expect(await text(page, 'live-elapsed')).toMatch(/^\d{2}:\d{2}:\d{2}$/);
  await shoot(page, 'money-live');

  await page.getByRole('button', { name: 'Stop charging' }).click();
  await page.waitForURL('**/charging-completed?**');
  await page.getByRole('heading', { name: 'Charging complete' }).waitFor({ timeout: 60_000 });
  // York's simulated driver leaves the cable in: the cost is final once it is released.
  await page.getByRole('button', { name: 'Release the cable' }).click();
  await page.locator('[data-field="paymentStatus"] dd', { hasText: 'Paid' }).waitFor();

  await page.getByText('Cost breakdown').click();
  const { rows, total } = await breakdownMinor(page);
  expect(rows.length).toBeGreaterThanOrEqual(2);
  expect(rows.reduce((sum, row) => sum + row, 0)).toBe(total);
  expect(await page.locator('.cost-breakdown tr[data-row="connection"]').textContent()).toBe(
    'Connection fee£1.00',
  );
  const cost = await page.locator('[data-field="cost"] dd').textContent();
  expect(await page.locator('.cost-breakdown tfoot td').textContent()).toBe(cost);
  expect(await page.locator('[data-field="captured"] dd').textContent()).toBe(cost);
  // A short session's slot shows its real times, not the whole half hour.
  const interval = await page.locator('.cost-breakdown__interval').first().textContent();
  expect(interval).not.toBe('30 minutes');
  expect(await page.locator('[data-field="perKwh"] dt').textContent()).toBe(
    'Average per kWh (fees included)',
  );
  expect(await page.locator('[data-field="tariffRate"] dd').textContent()).toMatch(
    /^(69p|49p)\/kWh/,
  );
  const completedRows = await breakdownRows(page);
  const sessionId = new URL(page.url()).searchParams.get('transactionId');
  await shoot(page, 'money-completed');

  // The tariff overview says the same tariff in words, its hours in local time.
  await page.getByText('tariff overview').click();
  await page.waitForURL('**/variable-tariff?**');
  await expect
    .poll(() => page.getByTestId('tariff-wording').locator('strong').textContent())
    .toMatch(/^Day 69p\/kWh · \d\d:\d\d–\d\d:\d\d 49p\/kWh$/);
  await shoot(page, 'money-tariff-overview');

  // The charge history's details show the same rows, adding up to the same total.
  await page.goto(`${baseUrl}/chargehistory`);
  await page
    .locator(`li[data-id="${sessionId}"]`)
    .getByRole('button', { name: 'Charge details' })
    .click();
  const details = page.getByRole('region', { name: 'Charge details' });
  await details.locator('.cost-breakdown tfoot').waitFor();
  expect(await breakdownRows(details)).toEqual(completedRows);
  const history = await breakdownMinor(details);
  expect(history).toEqual({ rows, total });
  expect(await details.locator('.cost-breakdown tr[data-row="connection"]').textContent()).toBe(
    'Connection fee£1.00',
  );
  expect(await details.locator('[data-field="cost"] dd').textContent()).toBe(cost);
  await shoot(page, 'money-history-details');
  await context.close();
});

test("the live power at Manchester's 7 kW connector never reads above 7 kW", async () => {
  const { context, page } = await newPhonePage(browser);
  await driverWithCard(page, `money-power-${Date.now()}@example.com`);
  await toConfirm(page, '1003');
  expect(await page.getByTestId('tariff-wording').locator('li').allTextContents()).toEqual([
    'Time fee £1.00/h after 60 min',
  ]);
  await startAndWaitForEnergy(page);
  await expect
    .poll(async () => text(page, 'live-power'), { interval: 1000 })
    .toMatch(/^\d+(\.\d)?\skW$/);
  expect(number(await text(page, 'live-power'))).toBeGreaterThan(0);
  expect(number(await text(page, 'live-power'))).toBeLessThanOrEqual(7);
  await page.getByRole('button', { name: 'Stop charging' }).click();
  await page.getByRole('heading', { name: 'Charging complete' }).waitFor({ timeout: 60_000 });
  await page.getByText('Cost breakdown').click();
  const { rows, total } = await breakdownMinor(page);
  expect(rows.reduce((sum, row) => sum + row, 0)).toBe(total);
  await context.close();
});

test("Edinburgh's variable tariff headlines the price now and labels the chart's half hours", async () => {
  const { context, page } = await newPhonePage(browser);
  await driverWithCard(page, `money-variable-${Date.now()}@example.com`);
  await page.goto(`${baseUrl}/charger-details/1005`);
  const energy = page.locator('.tariff-list > div').first().locator('dd');
  await expect.poll(() => energy.textContent()).toMatch(/^Now \d+p\/kWh( until \d\d:\d\d)?$/);
  expect(await page.locator('.tariff-chart thead th').allTextContents()).toEqual([
    'Hour',
    'From :00',
    'From :30',
  ]);
  await shoot(page, 'money-charger-1005');
  await context.close();
});
