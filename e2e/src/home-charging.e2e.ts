import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { callApi, driverToken, submitSignIn } from './app.ts';
import { launchBrowser, newPhonePage, shoot } from './browser.ts';
import { overflowing, settled } from './layout-checks.ts';

const port = inject('port');
const baseUrl = inject('baseUrl');
// Home charging is a feature of some brands' hosts (HOME_CHARGING): Voltway has it.
const brandUrl = `http://voltway.localhost:${port}`;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

/** Picks an option of an Ionic select (a popover of radio options), found by its label. */
async function choose(page: Page, label: string, option: string) {
  await page.locator('ion-select').filter({ hasText: label }).click();
  const popovers = page.locator('ion-popover.select-popover');
  await popovers.last().getByText(option, { exact: true }).click();
  await expect.poll(() => popovers.count()).toBe(0);
}

const kwhShown = async (page: Page) =>
  Number.parseFloat((await page.getByTestId('live-kwh').textContent()) ?? '0');

test('an owner adopts the demo home charger, enters a tariff, charges free and sees the home cost in SESSIONS and ENERGY', async () => {
  const { context, page } = await newPhonePage(browser);
  await page.goto(`${brandUrl}/login`);
  await submitSignIn(page, 'driver@example.com', 'Driver-pass-2026');
  await page.waitForURL('**/home');

  // Through the menu, as an owner finds it.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByText('Home charging', { exact: true }).click();
  await page.waitForURL('**/home-charging');
  await page.getByText('You have no home charger yet').waitFor();
  await page.locator('ion-button', { hasText: 'Add charger' }).click();

  // Adoption: a wrong code first, then the installer's.
  await page.waitForURL('**/home-charging/add');
  await page.getByLabel('Charger barcode (4 digits)').fill('1006');
  await page.getByLabel('Charger name').fill('Garage');
  await page.getByLabel('Adoption code').fill('WRONG-CODE');
  await page.getByText('I accept the terms and conditions').click();
  await page.getByText('I accept the privacy policy').click();
  await page.getByRole('button', { name: 'Adopt charger' }).click();
  await page.getByText('Adoption code is incorrect').waitFor();
  await shoot(page, 'home-adopt-wrong-code');
  await page.getByLabel('Adoption code').fill('HOME-1006');
  await page.getByRole('button', { name: 'Adopt charger' }).click();

  // The tariff wizard: a listed supplier's plan fills in its rates.
  await page.getByText('Garage is now yours').waitFor();
  await choose(page, 'Energy supplier', 'Octopus Energy');
  await choose(page, 'Tariff plan', 'Octopus Go');
  await expect(page.getByLabel('Day rate (£ per kWh)').inputValue()).resolves.toBe('0.265');
  await page.getByLabel('Post code').fill('HG1 1AA');
  await page.waitForFunction(settled, 'en');
  expect(await overflowing(page)).toEqual([]);
  await shoot(page, 'home-tariff-wizard');
  await page.getByRole('button', { name: 'Save tariff' }).click();

  // The charger's page: free to start for its owner.
  await page.waitForURL(/\/home-charging\/charger\/[^/?]+(\?.*)?$/);
  await page.getByText('Charger Overview').waitFor();
  await shoot(page, 'home-overview');
  const chargerPath = new URL(page.url()).pathname;
  // Adopted, it charges by the UK default (issue 17). The owner draws a slot of their own on the
  // clock and saves it: the charger takes it. Then No Schedule, so the charge below starts
  // whatever the hour the test runs at.
  await page.locator('ion-button', { hasText: 'Charging schedules' }).click();
  await page.waitForURL('**/schedules');
  await page.getByText('The UK default schedule', { exact: false }).waitFor();
  await page.locator('ion-segment-button', { hasText: 'Custom' }).click();
  await page.locator('ion-button', { hasText: 'Add slot' }).click();
  await page.locator('ion-button', { hasText: 'Save schedules' }).click();
  await page.getByText('Schedules saved and sent to your charger.').waitFor();
  await shoot(page, 'home-schedules-custom');
  const saved = await fetch(
    `${baseUrl}/api/development/charger/schedules/${chargerPath.split('/').at(-1) ?? ''}`,
    { headers: { authorization: `Bearer ${await driverToken(baseUrl, 'e2e-home-schedule')}` } },
  );
  const { data } = (await saved.json()) as {
    data: { scheduleType: string; schedules: { slots: { startSeconds: number }[] }[] };
  };
  expect(data.scheduleType).toBe('CUSTOM');
  expect(data.schedules.flatMap((schedule) => schedule.slots)).toHaveLength(1);
  // Ready by 07:00 with 10 kWh: the cheapest half-hours of the tariff entered above, on a clock
  // of their own, with what they cost. Then off again, for the charge below.
  const readyBy = page.getByRole('region', { name: 'Ready by' });
  await readyBy.locator('ion-toggle').click();
  await readyBy.getByLabel('Energy to add (kWh)').fill('10');
  await readyBy.locator('ion-button', { hasText: 'Save ready by' }).click();
  await readyBy.getByText(/^About £\d+\.\d\d for 10 kWh, ready by 07:00\.$/).waitFor();
  expect(await readyBy.locator('.schedule-clock__arc').count()).toBeGreaterThan(0);
  await shoot(page, 'home-ready-by');
  await readyBy.locator('ion-toggle').click();
  await readyBy.locator('ion-button', { hasText: 'Save ready by' }).click();
  await readyBy.getByTestId('ready-by-plan').waitFor({ state: 'detached' });
  // The charger holds the car outside its schedule: a Custom slot twelve hours from now (the
  // charger's London time), so the charge below waits whatever the hour the test runs at.
  const chargerId = chargerPath.split('/').at(-1) ?? '';
  const token = await driverToken(baseUrl, 'e2e-home-schedule');
  const londonMinute =
    Number(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/London',
        hour: 'numeric',
        hourCycle: 'h23',
      }).format(new Date()),
    ) * 60;
  const slotStart = ((londonMinute + 12 * 60) % 1440) * 60;
  const away = await fetch(`${baseUrl}/api/development/charger/schedules/${chargerId}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      scheduleType: 'CUSTOM',
      schedules: [
        {
          name: 'Far from now',
          days: ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'],
          slots: [{ startSeconds: slotStart, endSeconds: slotStart + 1800 }],
        },
      ],
    }),
  });
  expect(away.status).toBe(200);
  expect(((await away.json()) as { data: { applied: boolean } }).data.applied).toBe(true);
  await page.goto(`${brandUrl}${chargerPath}`);
  await page.getByText('Charger Overview').waitFor();
  await page.locator('ion-button', { hasText: 'Start charging' }).first().click();
  await page.waitForURL('**/charging-in-progress?**', { timeout: 60_000 });
  const sessionId = new URL(page.url()).searchParams.get('transactionId') ?? '';
  const liveSession = () =>
    callApi<{ connectorStatus: string; kWh: number }>(
      baseUrl,
      '/getTransactionByID',
      { transactionid: sessionId },
      token,
    );
  // Plugged in outside the slot: suspended by the charger, drawing nothing.
  await expect
    .poll(async () => (await liveSession()).connectorStatus, { timeout: 60_000 })
    .toBe('SuspendedEVSE');
  expect((await liveSession()).kWh).toBe(0);
  // Charge now: the boost lets this session charge outside the schedule.
  const live = page.url();
  await page.goto(`${brandUrl}${chargerPath}`);
  await page.getByText('Outside your charging schedule', { exact: false }).waitFor();
  await page.locator('ion-button', { hasText: 'Charge now' }).click();
  await page.getByText('Charging now, outside the schedule, for this session.').waitFor();
  await shoot(page, 'home-boost');
  await page.goto(live);
  await expect.poll(() => kwhShown(page), { timeout: 60_000, interval: 1000 }).toBeGreaterThan(0);
  // The charger's page words the connector as its session's owner sees it (000 §4).
  const charging = page.url();
  await page.goto(`${brandUrl}/charger-details/1006`);
  await page.locator('.status-chip[data-status="Charging"]').waitFor();
  await shoot(page, 'home-charger-details-owner');
  await page.goto(charging);
  await page.getByRole('button', { name: 'Stop charging' }).click();
  await page.waitForURL('**/charging-completed?**');
  await page.getByRole('heading', { name: 'Charging complete' }).waitFor({ timeout: 60_000 });

  // SESSIONS: the charge with what it cost at home at the tariff's rate.
  await page.goto(`${brandUrl}${chargerPath}?tab=SESSIONS`);
  const session = page.locator('[data-field="homeCost"]').first();
  await expect
    .poll(async () => ((await session.textContent()) ?? '').trim(), { timeout: 60_000 })
    .toMatch(/£\d+\.\d{2}/);
  await shoot(page, 'home-sessions');

  // ENERGY: today's energy and home cost.
  await page.goto(`${brandUrl}${chargerPath}?tab=ENERGY&period=DAY`);
  await page.getByText('Charger Energy & Costing').waitFor();
  const homeCost = page.locator('.home-energy [data-field="homeCost"] dd');
  await expect
    .poll(async () => ((await homeCost.textContent()) ?? '').trim(), { timeout: 60_000 })
    .toMatch(/^£\d+\.\d{2}$/);
  const energy = (await page.locator('.home-energy [data-field="energy"] dd').textContent()) ?? '';
  expect(energy).toMatch(/^\d+\.\d kWh$/);
  await page.waitForFunction(settled, 'en');
  expect(await overflowing(page)).toEqual([]);
  await shoot(page, 'home-energy');

  // Settings: the name and flags, the off-peak hours worded; the tariff as saved.
  await page.goto(`${brandUrl}${chargerPath}/settings`);
  await expect(page.getByLabel('Charger name').inputValue()).resolves.toBe('Garage');
  await page.getByText('at peak times, 09:00–11:00 and 16:00–19:00').waitFor();
  await page.waitForFunction(settled, 'en');
  expect(await overflowing(page)).toEqual([]);
  await shoot(page, 'home-settings-main');
  await page.goto(`${brandUrl}${chargerPath}/settings?tab=tariff`);
  await expect(page.getByLabel('Day rate (£ per kWh)').inputValue()).resolves.toBe('0.265');
  await shoot(page, 'home-settings-tariff');

  // The list groups it under its status, with the tariff set.
  await page.goto(`${brandUrl}/home-charging`);
  await page.getByText('Garage').waitFor();
  await page.getByText('Home tariff set').waitFor();
  await shoot(page, 'home-chargers');
  await context.close();
});
