import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { callApi, submitSignIn } from './app.ts';
import { launchBrowser, newPhonePage } from './browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
  await restoreDemoDriver();
});

/** Puts the demo driver back as other browser tests expect them: named Dana, no car, no alerts. */
async function restoreDemoDriver() {
  const signedIn = await callApi<{ user: { token: string } }>(baseUrl, '/login', {
    name: 'driver@example.com',
    password: 'Driver-pass-2026',
    apiVersion: { majorversion: 2, minorversion: 0, patchversion: 0 },
    appVersion: '2.7.9',
    uuid: 'e2e-settings-restore',
  });
  const token = signedIn.user.token;
  const me = await callApi<{ _id: string }>(baseUrl, '/userdata', {}, token);
  const off = { enabled: false, threshold: 0 };
  const response = await fetch(`${baseUrl}/api/development/user/update/${me._id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      fields: {
        first_name: 'Dana',
        car_type: null,
        email_prefs: { credit_low_alert: off, charge_finished_alert: off },
      },
    }),
  });
  expect(response.status).toBe(200);
}

test('the demo driver changes their car and name, sets the charge-finished alert, and finds them kept', async () => {
  const { context, page } = await newPhonePage(browser);
  await page.goto(`${baseUrl}/login`);
  await submitSignIn(page, 'driver@example.com', 'Driver-pass-2026');
  await page.waitForURL('**/home');

  await page.goto(`${baseUrl}/settings`);
  await page.getByRole('heading', { name: 'Settings' }).waitFor();
  await page.getByText('Edit your details', { exact: true }).click();
  await page.waitForURL('**/edit-user');
  await page.getByLabel('First name').fill('Dani');
  await page.locator('label.car-option', { hasText: 'Tesla Model 3' }).click();
  await page.getByRole('button', { name: 'Save details' }).click();
  await page.getByText('Your details are saved.').waitFor();

  await page.goto(`${baseUrl}/email-preferences`);
  await page.getByRole('heading', { name: 'Contact preferences' }).waitFor();
  await page.getByRole('switch', { name: /Charge finished/ }).click();
  await page.locator('#charge_finished_alert-threshold').click();
  await page.locator('ion-popover').getByText('£10.00').click();
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await page.getByText('Your contact preferences are saved.').waitFor();

  await page.reload();
  await page.getByRole('heading', { name: 'Contact preferences' }).waitFor();
  await expect(page.getByRole('switch', { name: /Charge finished/ }).isChecked()).resolves.toBe(
    true,
  );
  // The select shows £10.00, kept as 1000 minor units.
  await expect(
    page.locator('#charge_finished_alert-threshold .select-text').innerText(),
  ).resolves.toBe('£10.00');

  await page.goto(`${baseUrl}/edit-user`);
  await expect(page.getByLabel('First name').inputValue()).resolves.toBe('Dani');
  await expect(page.getByRole('radio', { name: 'Tesla Model 3' }).isChecked()).resolves.toBe(true);

  await page.goto(`${baseUrl}/settings`);
  await page.getByText('Tesla Model 3', { exact: true }).waitFor();
  await page.getByText('4.2 miles per kWh').waitFor();

  await context.close();
});

test('the support page shows the helpline for the driver’s country', async () => {
  const { context, page } = await newPhonePage(browser);
  await page.goto(`${baseUrl}/login`);
  await submitSignIn(page, 'driver@example.com', 'Driver-pass-2026');
  await page.waitForURL('**/home');
  await page.goto(`${baseUrl}/support`);
  await page.getByRole('heading', { name: 'Support' }).waitFor();
  await page.getByRole('link', { name: '+44 20 7946 0123' }).waitFor();
  await context.close();
});

test('a menu link tapped while the menu is still sliding in opens its page and the menu closes', async () => {
  const { context, page } = await newPhonePage(browser);
  await page.goto(`${baseUrl}/login`);
  await submitSignIn(page, 'driver@example.com', 'Driver-pass-2026');
  await page.waitForURL('**/home');

  const menu = page.locator('ion-menu');
  await page.getByRole('button', { name: 'Open menu' }).click();
  // A tap that does not wait for the slide to finish, as a quick thumb on a slow phone does.
  await menu.getByText('Settings', { exact: true }).dispatchEvent('click');
  await page.waitForURL('**/settings');
  await expect.poll(() => menu.evaluate((el) => el.classList.contains('show-menu'))).toBe(false);
  await page.getByText('Edit your details', { exact: true }).click();
  await page.waitForURL('**/edit-user');
  await context.close();
});
