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
  // Logout ends in a full load of /login: wait for that new page, not the app's route to /login
  // that may show a moment before it (a test reading storage or typing then would lose its page).
  const reloaded = page.waitForEvent('load');
  await page.getByText('Log out').click();
  await reloaded;
  await page.waitForURL('**/login');
}

/** Calls the API as the app does (POST, JSON, an optional bearer token) and answers its data. */
export async function callApi<T>(
  baseUrl: string,
  path: string,
  body: unknown,
  token?: string,
): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { data: T; message?: string };
  if (!response.ok) throw new Error(`${path}: ${response.status} ${answer.message}`);
  return answer.data;
}

/** Signs a demo account in through the API and answers its access token. */
async function demoToken(baseUrl: string, name: string, password: string, uuid: string) {
  const signedIn = await callApi<{ user: { token: string } }>(baseUrl, '/login', {
    name,
    password,
    apiVersion: { majorversion: 2, minorversion: 0, patchversion: 0 },
    appVersion: '2.7.9',
    uuid,
  });
  return signedIn.user.token;
}

/** Signs the demo operator in through the API and answers its access token. */
export const operatorToken = (baseUrl: string, uuid: string): Promise<string> =>
  demoToken(baseUrl, 'operator@example.com', 'Operator-pass-2026', uuid);

/** Signs the demo driver in through the API and answers its access token. */
export const driverToken = (baseUrl: string, uuid: string): Promise<string> =>
  demoToken(baseUrl, 'driver@example.com', 'Driver-pass-2026', uuid);

/**
 * Saves a sandbox test card for the driver of `token` as the add-payment-method page does: the
 * card goes to the provider, its payment method id to our server.
 */
export async function saveSandboxCard(
  baseUrl: string,
  token: string,
  number: string,
  expYear = new Date().getFullYear() + 3,
): Promise<void> {
  const method = await callApi<{ id: string }>(
    baseUrl,
    '/sandbox/payment_methods',
    { number, exp_month: 12, exp_year: expYear, cvc: '123' },
    token,
  );
  await callApi(baseUrl, '/addToStripeSources', { card: method.id }, token);
}
