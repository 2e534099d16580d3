import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { callApi, submitSignIn } from './app.ts';
import {
  codeIn,
  latestMessage,
  launchBrowser,
  newContext,
  newPhonePage,
  registeredAccount,
  shoot,
} from './browser.ts';
import { overflowing, settled, SMALL_PHONE } from './layout-checks.ts';

const baseUrl = inject('baseUrl');
// An account of this file's own: the demo MFA driver's enforced set-up belongs to sign-in.e2e.ts.
const MFA_EMAIL = `mfa.modal.${Date.now()}@example.com`;
const MFA_PASSWORD = 'Tide-Table-Harbour-42';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

async function signInAsDriver(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await submitSignIn(page, 'driver@example.com', 'Driver-pass-2026');
  await page.waitForURL('**/home');
}

/** What the device keeps under 'language' (spec 000 §3: an object with its code). */
const storedLanguage = (page: Page) =>
  page.evaluate(() => JSON.parse(window.localStorage.getItem('language') ?? 'null') as unknown);

/** The first e-mail to `to` sent after `since`. */
const mailSince = (to: string, since: number) =>
  latestMessage(baseUrl, to, (message) => Date.parse(message.createdAt) >= since);

/** This file's own driver, with e-mailed codes set up as a second step (through the API). */
async function mfaDriverWithEmailCodes(): Promise<void> {
  await registeredAccount(baseUrl, MFA_EMAIL, MFA_PASSWORD);
  const token = (
    await callApi<{ user: { token: string } }>(baseUrl, '/login', {
      name: MFA_EMAIL,
      password: MFA_PASSWORD,
      apiVersion: { majorversion: 2, minorversion: 0, patchversion: 0 },
      appVersion: '2.7.9',
      uuid: 'e2e-routes-and-start',
    })
  ).user.token;
  const since = Date.now() - 1000;
  await callApi(baseUrl, '/development/user/mfa/setup', { method: 'email' }, token);
  const mail = await mailSince(MFA_EMAIL, since);
  await callApi(
    baseUrl,
    '/development/user/mfa/setup/confirm',
    { method: 'email', code: codeIn(mail.text) },
    token,
  );
}

test('signed out: the questions and answers open from the login page; terms and privacy need signing in, yet register shows them', async () => {
  const { context, page } = await newPhonePage(browser);
  await page.goto(`${baseUrl}/login`);
  await page.getByRole('link', { name: 'Questions and answers' }).click();
  await page.waitForURL('**/faq');
  await page.getByRole('heading', { name: 'Questions and answers', level: 1 }).waitFor();
  for (const section of ['Finding a charger', 'Paying', 'Charging', 'Your account']) {
    await page.getByRole('heading', { name: section, level: 2 }).waitFor();
  }
  const question = page.getByText('Why was more taken from my card than the charge cost?');
  const answer = page.getByText(/only the real cost is taken/);
  await expect(answer.isVisible()).resolves.toBe(false);
  await question.click();
  await answer.waitFor();
  await shoot(page, 'faq-signed-out');
  // Signed out, the page leads back to sign in.
  await page.locator('ion-button', { hasText: 'Sign in' }).click();
  await page.waitForURL('**/login');

  // spec 000 §2: terms, privacy and terms-conditions are guarded.
  for (const path of ['terms', 'privacy', 'terms-conditions']) {
    await page.goto(`${baseUrl}/${path}`);
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
  }

  // Registering, the terms modal still shows both texts to read before accepting.
  await page.goto(`${baseUrl}/register`);
  await page.getByText('Read the terms and conditions').click();
  const frame = page.frameLocator('ion-modal.terms-modal iframe');
  await frame.getByRole('heading', { name: 'Terms and Conditions', level: 1 }).waitFor();
  await frame.getByRole('heading', { name: '1. The service' }).waitFor();
  await shoot(page, 'register-terms-modal');
  await page.locator('ion-modal.terms-modal ion-button', { hasText: 'Close' }).click();
  await page.locator('ion-modal.terms-modal').waitFor({ state: 'hidden' });
  await page.getByText('Read the privacy policy').click();
  await page
    .frameLocator('ion-modal.terms-modal iframe')
    .getByRole('heading', { name: 'Privacy policy', level: 1 })
    .waitFor();
  expect(page.url()).toMatch(/\/register$/);
  await context.close();
});

test('the questions and answers fit a 320-pixel phone in every language', async () => {
  const context = await newContext(browser, { viewport: SMALL_PHONE, locale: 'en-GB' });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/faq`);
  const wide: string[] = [];
  for (const language of ['en', 'fr', 'cy', 'es', 'it']) {
    await page.evaluate((code) => window.localStorage.setItem('language', code), language);
    await page.reload();
    await page.waitForFunction(settled, language);
    // Every answer open: the longest the page gets.
    await page.evaluate(() => {
      document.querySelectorAll('details').forEach((item) => (item.open = true));
    });
    wide.push(...(await overflowing(page)).map((what) => `${language}: ${what}`));
  }
  expect(wide).toEqual([]);
  await context.close();
});

test('signed in: terms-conditions from settings, and the home page’s add vehicle, top up and add payment method', async () => {
  const { context, page } = await newPhonePage(browser);
  await signInAsDriver(page);

  const actions = page.getByRole('navigation', { name: 'Quick actions' });
  await actions.waitFor();
  await shoot(page, 'home-quick-actions');
  await actions.locator('a[href="/edit-user#car-label"]').click();
  await page.waitForURL('**/edit-user#car-label');
  await page.locator('#car-label').waitFor();
  await page.goto(`${baseUrl}/home`);
  await actions.getByRole('link', { name: 'Top up' }).click();
  await page.waitForURL('**/topup-select-card');
  await page.goto(`${baseUrl}/home`);
  await actions.getByRole('link', { name: 'Add payment method' }).click();
  await page.waitForURL('**/add-payment-method');

  await page.goto(`${baseUrl}/settings`);
  await page.getByText('Terms and Conditions').click();
  await page.waitForURL('**/terms-conditions');
  await page.getByRole('heading', { name: 'Terms and Conditions', level: 1 }).waitFor();
  await page.getByRole('heading', { name: '1. The service' }).waitFor();
  // The top bar and menu stay: this is the app's own page, not the modal's frame.
  await page.locator('.top-bar').first().waitFor();
  await shoot(page, 'terms-conditions');

  await page.goto(`${baseUrl}/settings`);
  await page.getByText('Questions and answers').click();
  await page.waitForURL('**/faq');
  await page.locator('ion-button', { hasText: 'Contact support' }).waitFor();
  await shoot(page, 'faq-signed-in');
  await context.close();
});

test('the completed page opened without a charge says so and leads to the charge history', async () => {
  const { context, page } = await newPhonePage(browser);
  await signInAsDriver(page);
  // A bookmark without its transactionId, then an id naming no charge of this driver's.
  for (const path of ['/charging-completed', '/charging-completed?transactionId=no-such-charge']) {
    await page.goto(`${baseUrl}${path}`);
    await page.getByText('There is no charge to show here.').waitFor();
    await expect(page.locator('.page-view__card ion-spinner').count()).resolves.toBe(0);
  }
  await expect(overflowing(page)).resolves.toEqual([]);
  await shoot(page, 'charging-completed-no-charge');
  await page.locator('ion-button', { hasText: 'Find a charger' }).waitFor();
  await page.locator('ion-button', { hasText: 'See your charge history' }).click();
  await page.waitForURL('**/chargehistory');
  await context.close();
});

test('the MFA driver signs in through the login-with-mfa modal with an e-mailed code', async () => {
  await mfaDriverWithEmailCodes();
  const { context, page } = await newPhonePage(browser);
  await page.goto(`${baseUrl}/login`);
  await submitSignIn(page, MFA_EMAIL, MFA_PASSWORD);
  const modal = page.locator('ion-modal.login-with-mfa');
  await modal.getByRole('heading', { name: "Confirm it's you" }).waitFor();
  // The sign-in form stays under the modal.
  expect(page.url()).toMatch(/\/login$/);
  await shoot(page, 'login-with-mfa');

  // Closing it goes back to the form; signing in again opens it again.
  await modal.locator('.modal-container__close').click();
  await modal.waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: 'Sign in' }).click();
  await modal.getByRole('heading', { name: "Confirm it's you" }).waitFor();

  const since = Date.now() - 1000;
  await modal.getByRole('button', { name: 'Send code' }).click();
  await modal.getByText(/up to 5 minutes/).waitFor();
  const mail = await mailSince(MFA_EMAIL, since);
  await modal.getByLabel('6-digit code').fill('000000' === codeIn(mail.text) ? '111111' : '000000');
  await modal.getByRole('button', { name: 'Verify' }).click();
  await modal.getByText('Your 6 digit code was not recognised').waitFor();
  await modal.getByLabel('6-digit code').fill(codeIn(mail.text));
  await modal.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/home');
  await page.getByRole('heading', { name: /^Hello, / }).waitFor();
  await modal.waitFor({ state: 'hidden' });
  await context.close();
});

test('the language list comes from the service, by name, and the choice is kept with its code', async () => {
  const { context, page } = await newPhonePage(browser);
  const listAsked = page.waitForResponse((response) =>
    response.url().endsWith('/api/getAllLanguages'),
  );
  await page.goto(`${baseUrl}/login`);
  expect((await listAsked).status()).toBe(200);
  // Every translation arrives once the first screen is up.
  await page.waitForFunction(() =>
    ['fr', 'cy', 'es', 'it'].every((code) =>
      performance
        .getEntriesByType('resource')
        .some((entry) => entry.name.endsWith(`/assets/i18n/${code}.json`)),
    ),
  );
  await page.getByRole('button', { name: 'Choose a language' }).click();
  const list = page.locator('ion-popover[is-open] ion-list');
  await list.getByText('Italiano').waitFor();
  await expect(list.locator('ion-label').allTextContents()).resolves.toEqual([
    'Cymraeg',
    'English',
    'Español',
    'Français',
    'Italiano',
  ]);
  await shoot(page, 'language-list');
  await list.getByText('Cymraeg').click();
  await page.getByRole('button', { name: 'Mewngofnodi' }).waitFor();
  await expect(storedLanguage(page)).resolves.toMatchObject({ code: 'cy', language: 'Cymraeg' });

  // A language an older app kept as a bare code still applies, and is kept as an object after.
  await page.evaluate(() => window.localStorage.setItem('language', 'fr'));
  await page.reload();
  await page.getByRole('button', { name: 'Se connecter' }).waitFor();
  await expect(storedLanguage(page)).resolves.toEqual({ code: 'fr' });
  await context.close();
});
