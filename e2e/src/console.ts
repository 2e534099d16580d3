import type { Page } from 'playwright-core';
import { codeIn, latestMessage } from './browser.ts';

export const SUPPORT = { email: 'support@example.com', password: 'Support-pass-2026' };

/**
 * Staff sign-in to the console at `consoleUrl`: the password, then the e-mailed code (set up at
 * the first sign-in, asked after). The outbox is read from `baseUrl`.
 */
export async function signInAsSupport(page: Page, baseUrl: string, consoleUrl: string) {
  await page.goto(consoleUrl);
  await page.getByLabel('E-mail address').fill(SUPPORT.email);
  await page.getByLabel('Password').fill(SUPPORT.password);
  const asked = Date.now() - 1000;
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Code').waitFor();
  const mail = await latestMessage(
    baseUrl,
    SUPPORT.email,
    (message) => Date.parse(message.createdAt) >= asked,
  );
  await page.getByLabel('Code').fill(codeIn(mail.text));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('heading', { name: 'Find a driver or guest' }).waitFor();
}
