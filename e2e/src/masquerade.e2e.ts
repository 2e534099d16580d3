import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser, Frame, Page } from 'playwright-core';
import { callApi } from './app.ts';
import { codeIn, latestMessage, launchBrowser, newPhonePage, shoot } from './browser.ts';

const baseUrl = inject('baseUrl');
const port = inject('port');
/** The console's origin (the brand's own host) and the app it frames on the masquerade host. */
const consoleOrigin = `http://localhost:${port}`;
const appOrigin = `http://support-masquerade.localhost:${port}`;
const SUPPORT = { email: 'support@example.com', password: 'Support-pass-2026' };
const DRIVER = { email: 'driver@example.com', password: 'Driver-pass-2026' };
const API_VERSION = { majorversion: 2, minorversion: 0, patchversion: 0 };

let browser: Browser;

beforeAll(async () => {
  // The stand-in console page is answered by page.route, with no network address: Chromium counts
  // it as public and would stop it framing a loopback address. The real console, served by the
  // server on the brand's own host, is as local as the app it frames.
  browser = await launchBrowser(['--disable-features=LocalNetworkAccessChecks']);
});

afterAll(async () => {
  await browser.close();
});

interface LoginAnswer {
  mfaStage?: string;
  user?: { token: string };
}

/** The newest code e-mailed to `to` after `since`. */
async function codeSentAfter(to: string, since: number): Promise<string> {
  const message = await latestMessage(baseUrl, to, (sent) => Date.parse(sent.createdAt) >= since);
  return codeIn(message.text);
}

/** Support staff signed in with their second factor, as the console does. */
async function staffToken(): Promise<string> {
  const credentials = { name: SUPPORT.email, password: SUPPORT.password, uuid: 'e2e-masquerade' };
  const since = Date.now() - 1000;
  const login = await callApi<LoginAnswer>(baseUrl, '/login', {
    ...credentials,
    apiVersion: API_VERSION,
    appVersion: '2.7.9',
  });
  if (login.mfaStage === 'EnforcedSetup' && login.user) {
    const limited = login.user.token;
    await callApi(baseUrl, '/development/user/mfa/setup', { method: 'email' }, limited);
    const confirmed = await callApi<LoginAnswer>(
      baseUrl,
      '/development/user/mfa/setup/confirm',
      { method: 'email', code: await codeSentAfter(SUPPORT.email, since) },
      limited,
    );
    if (!confirmed.user) throw new Error('no staff token after the MFA setup');
    return confirmed.user.token;
  }
  const asked = Date.now() - 1000;
  await callApi(baseUrl, '/development/user/mfa/requestToken', { ...credentials, method: 'email' });
  const verified = await callApi<LoginAnswer>(baseUrl, '/development/user/mfa/verify', {
    ...credentials,
    method: 'email',
    mfaToken: await codeSentAfter(SUPPORT.email, asked),
  });
  if (!verified.user) throw new Error('no staff token after the MFA code');
  return verified.user.token;
}

/** The demo driver's account language, read with their own sign-in. */
async function driverLanguage(): Promise<string> {
  const signedIn = await callApi<{ user: { token: string } }>(baseUrl, '/login', {
    name: DRIVER.email,
    password: DRIVER.password,
    apiVersion: API_VERSION,
    appVersion: '2.7.9',
    uuid: 'e2e-masquerade-check',
  });
  const me = await callApi<{ language: { code: string } }>(
    baseUrl,
    '/userdata',
    {},
    signedIn.user.token,
  );
  return me.language.code;
}

/**
 * A stand-in for the console's page, on the console's origin: it frames the app on the masquerade
 * host, posts the token once the app says it is ready, and `sendToApp` posts the clear messages.
 */
function hostPage(token: { token: string; kind: string; expiry: string }): string {
  return `<!doctype html>
<html><head><meta name="viewport" content="width=device-width, initial-scale=1">
<style>html, body { margin: 0; height: 100%; } iframe { border: 0; width: 100%; height: 100%; display: block; }</style>
</head><body>
<iframe id="app" src="${appOrigin}/" title="Driver app"></iframe>
<script>
  const frame = document.getElementById('app');
  window.sendToApp = (message) => frame.contentWindow.postMessage(message, '${appOrigin}');
  let sent = false;
  window.addEventListener('message', (event) => {
    if (event.origin !== '${appOrigin}' || !event.data || event.data.type !== 'masqueradeReady') return;
    // The token once: after a clear message the app says it is ready again, and stays empty.
    if (sent) return;
    sent = true;
    window.sendToApp(Object.assign({ type: 'masquerade' }, ${JSON.stringify(token)}));
  });
</script>
</body></html>`;
}

async function appFrame(page: Page): Promise<Frame> {
  const handle = await page.locator('iframe#app').elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error('the app frame is not there');
  return frame;
}

test('support staff open the app as the demo driver: banner, confirm once, language kept off the account, clearAll logs out', async () => {
  const staff = await staffToken();
  const { drivers } = await callApi<{ drivers: { id: string; kind: string; code: string }[] }>(
    baseUrl,
    '/console/drivers/find',
    { query: DRIVER.email },
    staff,
  );
  const driver = drivers.find((found) => found.kind === 'user');
  if (!driver) throw new Error('the demo driver is not found');
  const masquerade = await callApi<{ token: string; kind: string; expiry: string }>(
    baseUrl,
    `/console/drivers/${driver.id}/masquerade`,
    { reason: 'Browser test: the driver asks about a receipt' },
    staff,
  );
  const languageBefore = await driverLanguage();

  const { context, page } = await newPhonePage(browser);
  const languageCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/setUserLanguage')) languageCalls.push(request.url());
  });
  await page.route(`${consoleOrigin}/__masq-host`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: hostPage({ token: masquerade.token, kind: masquerade.kind, expiry: masquerade.expiry }),
    }),
  );
  await page.goto(`${consoleOrigin}/__masq-host`);
  const app = await appFrame(page);

  // The banner names the driver and their HRCode; the confirmation asks once.
  const banner = app.getByTestId('masquerade-banner');
  await banner.getByText(`(${driver.code})`, { exact: false }).waitFor();
  expect(await banner.textContent()).toMatch(/^Support view: acting as .+ \(.+\)$/);
  const overlay = app.locator('.masquerade-overlay');
  await overlay.getByText('Support masquerade').waitFor();
  await shoot(page, 'masquerade-confirm');
  expect(await overlay.locator('ion-button').count()).toBe(1);
  await overlay.locator('ion-button', { hasText: 'Confirm' }).click();
  await overlay.waitFor({ state: 'detached' });
  await app.waitForURL('**/home');
  await shoot(page, 'masquerade-home');

  // A language chosen in masquerade: the app speaks it, the account keeps its own.
  await app.locator('ion-item', { hasText: 'Language' }).first().click();
  await app.waitForURL('**/language');
  await app.getByRole('radio', { name: 'Français' }).click();
  await banner.getByText('Vue support', { exact: false }).waitFor();
  expect(await app.locator('.masquerade-overlay').count()).toBe(0);
  await shoot(page, 'masquerade-language');
  expect(languageCalls).toEqual([]);
  expect(await driverLanguage()).toBe(languageBefore);
  // Nothing of the masquerade is kept on the device, on either origin.
  expect(await app.evaluate(() => window.localStorage.length)).toBe(0);

  // clearAll: logged out, the page loaded again, no one signed in.
  await page.evaluate(() =>
    (window as unknown as { sendToApp(message: unknown): void }).sendToApp({ type: 'clearAll' }),
  );
  await app.waitForURL('**/login');
  await banner.getByText('Support view: no one signed in').waitFor();
  await app.getByRole('button', { name: 'Sign in' }).waitFor();
  expect(await app.locator('.masquerade-overlay').count()).toBe(0);
  expect(await app.evaluate(() => window.localStorage.length)).toBe(0);
  await shoot(page, 'masquerade-cleared');
  await context.close();
});
