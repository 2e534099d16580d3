import type { Page } from 'playwright-core';

/** Fills the sign-in form and submits it. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Closes the alert on screen with its OK button. */
export async function acknowledgeAlert(page: Page, header: string): Promise<void> {
  const alert = page.locator('ion-alert');
  await alert.getByText(header).waitFor();
  await alert.getByRole('button', { name: 'OK' }).click();
  await alert.waitFor({ state: 'detached' });
}

/** Signs out through the side menu, as a driver on a phone does. */
export async function signOutThroughMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByText('Log out').click();
  await page.waitForURL('**/login');
}
