import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { callApi, submitSignIn } from './app.ts';
import { launchBrowser, newPhonePage, registeredAccount, shoot } from './browser.ts';

const baseUrl = inject('baseUrl');
// An account of this file's own: a running session shows on every page of its driver.
const EMAIL = `session.bar.${Date.now()}@example.com`;
const PASSWORD = 'Harbour-Lights-2026';
let browser: Browser;
let token = '';
let sessionId = '';

interface Session {
  _id: string;
  state: string;
  data: { finished: boolean };
}

beforeAll(async () => {
  browser = await launchBrowser();
  await registeredAccount(baseUrl, EMAIL, PASSWORD);
  token = (
    await callApi<{ user: { token: string } }>(baseUrl, '/login', {
      name: EMAIL,
      password: PASSWORD,
      apiVersion: { majorversion: 2, minorversion: 0, patchversion: 0 },
      appVersion: '2.7.9',
      uuid: 'e2e-session-bar',
    })
  ).user.token;
});

afterAll(async () => {
  if (sessionId) {
    await callApi(baseUrl, '/remoteStopTransaction', { transactionid: sessionId }, token);
  }
  await browser.close();
});

test('while a session runs, a bar on every page shows it and opens it (issue 19)', async () => {
  // Demo charger 1004 (Cardiff Bay) is free, so credit pays for it with no balance.
  const charger = await callApi<{ _id: string }>(
    baseUrl,
    '/getChargerByBarcode',
    { barcode: '1004', permission_name: 'CHARGER_CHARGE_AT' },
    token,
  );
  const started = await callApi<Session>(
    baseUrl,
    '/remoteStartTransaction',
    { chargerid: charger._id, connectorid: 1, source: 'CREDIT', intent_id: null },
    token,
  );
  sessionId = started._id;

  const { context, page } = await newPhonePage(browser);
  await page.goto(`${baseUrl}/login`);
  await submitSignIn(page, EMAIL, PASSWORD);
  await page.waitForURL('**/home');
  const bar = page.locator('a.session-bar');
  for (const route of ['settings', 'findcharger', 'chargehistory']) {
    await page.goto(`${baseUrl}/${route}`);
    await expect
      .poll(() => bar.textContent(), { timeout: 60_000 })
      .toMatch(/^(Waiting for the cable|Charging) · £\d+\.\d{2}( · [\d.]+\skW)?$/);
  }
  await expect.poll(() => bar.textContent(), { timeout: 60_000 }).toMatch(/^Charging · /);
  await shoot(page, 'session-bar');
  await bar.click();
  await page.waitForURL(`**/charging-in-progress?transactionId=${sessionId}`);
  // The session's own page shows it already: no bar there.
  await page.locator('.charging-hero').waitFor();
  expect(await bar.count()).toBe(0);
  await shoot(page, 'session-bar-session-page');
  await context.close();
});
