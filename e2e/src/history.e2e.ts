import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { callApi, submitSignIn } from './app.ts';
import { chargeOnce } from './charge-once.ts';
import { launchBrowser, newPhonePage, shoot } from './browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

const driverToken = async () =>
  (
    await callApi<{ user: { token: string } }>(baseUrl, '/login', {
      name: 'driver@example.com',
      password: 'Driver-pass-2026',
      apiVersion: { majorversion: 2, minorversion: 0, patchversion: 0 },
      appVersion: '2.7.9',
      uuid: 'e2e-history',
    })
  ).user.token;

test('a finished charge appears in the history, with its details, and on the dashboard', async () => {
  const session = await chargeOnce(baseUrl, await driverToken());
  const cost = `£${(session.data.cost.applied_cost.total / 100).toFixed(2)}`;

  const { context, page } = await newPhonePage(browser);
  await page.goto(`${baseUrl}/login`);
  await submitSignIn(page, 'driver@example.com', 'Driver-pass-2026');
  await page.waitForURL('**/home');

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.locator('ion-menu').getByText('Charge history').click();
  await page.waitForURL('**/chargehistory');
  const item = page.locator(`li[data-id="${session._id}"]`);
  await item.waitFor();
  expect(await item.locator('.history-item__name').textContent()).toBe(session.chargerName);
  expect(await item.locator('[data-field="cost"]').textContent()).toBe(cost);
  expect(await item.locator('[data-field="kwh"]').textContent()).toBe(
    `${session.kWh.toFixed(1)} kWh`,
  );
  await shoot(page, 'chargehistory');

  await item.getByRole('button', { name: 'Charge details' }).click();
  const details = page.getByRole('region', { name: 'Charge details' });
  await details.waitFor();
  expect(await details.locator('[data-field="cost"] dd').textContent()).toBe(cost);
  await expect(details.locator('.cost-breakdown tbody tr').count()).resolves.toBeGreaterThan(0);
  await shoot(page, 'charge-details');
  await page.getByRole('button', { name: 'Close' }).click();

  await page.goto(`${baseUrl}/dashboard`);
  const sessions = page.getByText(/^Charges: \d+/);
  await sessions.waitFor();
  expect(Number((await sessions.textContent())?.match(/\d+/)?.[0])).toBeGreaterThanOrEqual(1);
  const kwh = await page.locator('[data-field="kwh"] dd').textContent();
  expect(Number.parseFloat(kwh ?? '0')).toBeGreaterThanOrEqual(Number(session.kWh.toFixed(1)));
  await page.getByRole('img', { name: 'Energy (kWh)' }).waitFor();
  await shoot(page, 'dashboard');
  await page.locator('ion-segment-button', { hasText: '1 year' }).click();
  await page.getByText('Charges:').waitFor();
  await page.getByRole('img', { name: 'Energy (kWh)' }).waitFor();
  await shoot(page, 'dashboard-year');
  await context.close();
});
