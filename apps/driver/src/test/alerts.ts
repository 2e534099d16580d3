import { act, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

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
  });
  // Ionic ignores a dismissal while the alert is still being presented (a busy machine is slow to
  // finish its animation), so it is asked again until it takes it.
  await waitFor(async () => {
    let dismissed = false;
    await act(async () => {
      dismissed = await alert.dismiss(undefined, 'role' in button ? button.role : undefined);
    });
    expect(dismissed, `alert "${alert.header}" closed`).toBe(true);
  });
}
