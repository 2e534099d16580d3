import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newContext, PHONE, shoot } from './browser.ts';
import { signInAsSupport as signIn } from './console.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

/** The page scrolls up and down only: tables scroll inside their own box. */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

const signInAsSupport = (page: Page) => signIn(page, baseUrl, `${baseUrl}/console`);

test('a driver’s account cannot open the console', async () => {
  const context = await newContext(browser, { viewport: PHONE, locale: 'en-GB' });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/console/`);
  await page.getByLabel('E-mail address').fill('driver@example.com');
  await page.getByLabel('Password').fill('Driver-pass-2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText(/not a support or operator account/).waitFor();
  await context.close();
});

test('support signs in with MFA, finds the demo driver, credits their balance with a reason and sees it audited', async () => {
  const context = await newContext(browser, { viewport: DESKTOP, locale: 'en-GB' });
  const page = await context.newPage();
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(message.text());
  });

  await signInAsSupport(page);
  await shoot(page, 'console-find');

  await page.getByLabel(/E-mail, name, phone, HRCode or guest code/).fill('driver@example.com');
  await page.getByRole('button', { name: 'Find' }).click();
  await page.getByRole('link', { name: 'Dana Driver' }).click();
  await page.waitForURL(/\/console\/drivers\/[^/]+$/);
  await page.getByRole('heading', { name: 'Dana Driver' }).waitFor();
  for (const heading of ['Live sessions', 'Past sessions', 'Balance', 'Cards', 'RFID cards']) {
    await page.getByRole('heading', { name: heading, exact: true }).waitFor();
  }
  await page.getByText('driver@example.com').first().waitFor();
  await shoot(page, 'console-driver');
  expect(await scrollsSideways(page)).toBe(false);

  // Credit £2.50 with a reason: the balance grows by 250 pence, and the audit log says why.
  const balance = page.getByRole('region', { name: 'Balance' });
  const shown = async () =>
    Number(((await balance.locator('.balance').textContent()) ?? '').replace(/[^\d.-]/g, ''));
  const before = await shown();
  const reason = `Goodwill for a faulty charger ${Date.now()}`;
  await balance.getByRole('button', { name: 'Credit the balance' }).click();
  await balance.getByLabel(/Amount \(GBP\)/).fill('2.50');
  await balance.getByLabel('Reason').fill(reason);
  await balance.getByRole('button', { name: 'Credit the balance' }).click();
  await balance.getByText(/Balance is now £/).waitFor();
  await expect.poll(shown).toBeCloseTo(before + 2.5, 2);
  const ownAudit = page.locator('table.audit tr', { hasText: reason });
  await ownAudit.getByText('consoleCreditBalance').waitFor();

  await page.getByRole('link', { name: 'Audit log' }).click();
  await page.getByRole('heading', { name: 'Audit log' }).waitFor();
  const entry = page.locator('table.audit tr', { hasText: reason });
  await entry.waitFor();
  await expect(entry.textContent()).resolves.toContain('consoleCreditBalance');
  await shoot(page, 'console-audit');

  await page.setViewportSize(PHONE);
  expect(await scrollsSideways(page)).toBe(false);
  await page.getByRole('link', { name: 'Chargers' }).click();
  await page.getByRole('heading', { name: 'Chargers' }).waitFor();
  await page.locator('table tbody tr').first().waitFor();
  await shoot(page, 'console-chargers');
  await page.getByRole('link', { name: 'Helpline' }).click();
  await page.getByRole('heading', { name: 'Record a contact' }).waitFor();
  await shoot(page, 'console-helpline');
  expect(await scrollsSideways(page)).toBe(false);

  expect(failures).toEqual([]);
  await context.close();
});
