import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { acknowledgeAlert, callApi, operatorToken, submitSignIn } from './app.ts';
import { launchBrowser, newPhonePage } from './browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let token: string;

interface Group {
  _id: string;
  groupCode: string;
  members: number;
}

/** The operator's view of the group: how many members it has now. */
async function members(groupId: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/operator/groups`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const groups = ((await response.json()) as { data: Group[] }).data;
  return groups.find((group) => group._id === groupId)?.members ?? -1;
}

beforeAll(async () => {
  browser = await launchBrowser();
  token = await operatorToken(baseUrl, 'e2e-operator-groups');
});

afterAll(async () => {
  await browser.close();
});

test('the operator creates a group; the driver joins it by code in the app and leaves it', async () => {
  const group = await callApi<Group>(
    baseUrl,
    '/operator/groups',
    { name: 'Whitby Fleet', groupcode: 'WHITBY-FLEET' },
    token,
  );
  expect(group.groupCode).toBe('WHITBY-FLEET');

  const { context, page } = await newPhonePage(browser);
  await page.goto(`${baseUrl}/login`);
  await submitSignIn(page, 'driver@example.com', 'Driver-pass-2026');
  await page.waitForURL('**/home');
  // Issue 19: the account's pages are under Settings.
  await page.locator('.home-links ion-item', { hasText: 'Settings' }).click();
  await page.waitForURL('**/settings');
  await page.getByText('Affiliates', { exact: true }).click();
  await page.waitForURL('**/manage-affiliates');
  await page.getByText('Join a group', { exact: true }).click();
  await page.waitForURL('**/add-affiliates');

  // A code no group has: the affiliation join error, and the driver stays on the form.
  await page.getByLabel('Group code').fill('NO-SUCH-GROUP');
  await page.getByRole('button', { name: 'Join group' }).click();
  await page
    .getByRole('alert')
    .getByText('We could not add you to the group. Please check the group code and try again.')
    .waitFor();

  await page.getByLabel('Group code').fill('whitby-fleet');
  await page.getByLabel('Your code (optional)').fill('DRV-7');
  await page.getByRole('button', { name: 'Join group' }).click();
  await acknowledgeAlert(page, 'Group joined');
  await page.waitForURL('**/affiliates');
  const card = page.getByRole('listitem', { name: 'Whitby Fleet' });
  await card.waitFor();
  await expect(card.getByText('WHITBY-FLEET').isVisible()).resolves.toBe(true);
  await expect(card.getByText('DRV-7').isVisible()).resolves.toBe(true);
  expect(await members(group._id)).toBe(1);

  await card.getByRole('button', { name: 'Leave' }).click();
  const confirm = page.locator('ion-alert');
  await confirm.getByText('Leave Whitby Fleet?').waitFor();
  await confirm.getByRole('button', { name: 'Leave' }).click();
  await acknowledgeAlert(page, 'Group left');
  await page.getByText('You have not joined a group yet.').waitFor();
  expect(await members(group._id)).toBe(0);
  await context.close();
});
