import { act, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { Card, User } from '@evc/contract';
import { setUser } from '../../lib/session/session-store.ts';
import { setTokens } from '../../lib/session/token-store.ts';
import type { SeenRequest } from '../../test/stub-server.ts';

const later = new Date(Date.now() + 3_600_000).toISOString();

/** Starts a test signed in as `user`, with tokens stored as after a login. */
export async function signedInAs(user: User): Promise<void> {
  await setTokens({
    auth: { token: 'access', expiry: later },
    refresh: { token: 'refresh', expiry: later },
  });
  act(() => setUser(user));
}

/** The API path of a request ('/api/listCards' → '/listCards'). */
export const apiPath = (request: SeenRequest) =>
  new URL(request.url).pathname.replace(/^\/api/, '');

export const callsTo = (seen: SeenRequest[], path: string) =>
  seen.filter((request) => apiPath(request) === path);

export const savedCard = (id: string, last4: string, extra: Partial<Card> = {}): Card => ({
  id,
  source: 'PAYG',
  brand: 'visa',
  last4,
  exp_month: 4,
  exp_year: 2031,
  country: 'GB',
  funding: 'credit',
  name: null,
  address_line1: null,
  address_city: null,
  address_postal_code: null,
  address_country: null,
  default: false,
  ...extra,
});

type AlertElement = HTMLElement & {
  header?: string;
  message?: string;
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
