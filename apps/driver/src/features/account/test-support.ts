import { act, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { User } from '@evc/contract';
import { setUser } from '../../lib/session/session-store.ts';
import { setTokens } from '../../lib/session/token-store.ts';
import type { SeenRequest } from '../../test/stub-server.ts';

const later = new Date(Date.now() + 3_600_000).toISOString();

export const tokenData = (token = 'access') => ({
  auth: { token, expiry: later },
  refresh: { token: `${token}-refresh`, expiry: later },
});

/** Starts a test signed in as `user`, with tokens stored as after a login. */
export async function signedInAs(user: User): Promise<void> {
  await setTokens(tokenData());
  act(() => setUser(user));
}

/** The API path of a request ('/api/userdata' → '/userdata'). */
export const apiPath = (request: SeenRequest) =>
  new URL(request.url).pathname.replace(/^\/api/, '');

export const callsTo = (seen: SeenRequest[], path: string) =>
  seen.filter((request) => apiPath(request) === path);

type AlertElement = HTMLElement & {
  header?: string;
  message?: string;
  buttons?: (string | { text: string; role?: string; handler?: () => unknown })[];
  dismiss: (data?: unknown, role?: string) => Promise<boolean>;
};

/** The Ionic alert on screen with this header (Ionic renders it outside the page). */
export async function findAlert(header: string): Promise<AlertElement> {
  let found: AlertElement | undefined;
  await waitFor(() => {
    found = [...document.querySelectorAll<AlertElement>('ion-alert')].find(
      (alert) => alert.header === header,
    );
    expect(found, `alert "${header}"`).toBeTruthy();
  });
  return found!;
}

/** Presses a button of the alert as a user would: its handler runs, then the alert closes. */
export async function pressAlertButton(alert: AlertElement, text: string): Promise<void> {
  const button = alert.buttons
    ?.map((entry) => (typeof entry === 'string' ? { text: entry } : entry))
    .find((entry) => entry.text === text);
  if (!button) throw new Error(`alert "${alert.header}" has no button "${text}"`);
  await act(async () => {
    if ('handler' in button) await button.handler?.();
    await alert.dismiss(undefined, 'role' in button ? button.role : undefined);
  });
}
