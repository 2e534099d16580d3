import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@evc/contract';
import { getSession } from '../../lib/session/session-store.ts';
import { testUser } from '../../test/fixtures.ts';
import { isDisabled, select, submitForm, tick } from '../../test/ionic-events.ts';
import { renderWithRouter } from '../../test/render-shell.tsx';
import { callsTo, json, stubServer } from '../../test/stub-server.ts';
import { EmailPreferencesPage } from './email-preferences-page.tsx';
import { signedInAs } from '../../test/signed-in.ts';
import { answers } from './test-support.ts';

const updatePath = '/development/user/update/u1';

/** The Ionic select or toggle named `name` (Ionic also puts the name on a hidden input). */
const control = (container: HTMLElement, name: string) => {
  const found = [...container.querySelectorAll('ion-select, ion-toggle')].find(
    (element) => (element as Element & { name?: string }).name === name,
  );
  if (!found) throw new Error(`no control ${name}`);
  return found;
};

const options = (container: HTMLElement, name: string) =>
  [...control(container, name).querySelectorAll('ion-select-option')].map(
    (option) => option.textContent,
  );

afterEach(() => vi.unstubAllGlobals());
beforeEach(async () => {
  await signedInAs(testUser);
});

describe('EmailPreferencesPage (spec 000 §2 email-preferences, §3 email_prefs)', () => {
  it('offers each alert off by default, with thresholds in the driver’s currency', async () => {
    stubServer(answers({}));
    const { container } = renderWithRouter(<EmailPreferencesPage />, '/email-preferences');
    expect(await screen.findByText('Credit running low')).toBeTruthy();
    expect(isDisabled(control(container, 'credit_low_alert.threshold'))).toBe(true);
    expect(isDisabled(control(container, 'charge_finished_alert.threshold'))).toBe(true);
    expect(options(container, 'credit_low_alert.threshold')).toEqual([
      '£5.00',
      '£10.00',
      '£20.00',
      '£50.00',
    ]);
    expect(options(container, 'charge_finished_alert.threshold')).toEqual([
      'Every charge',
      '£5.00',
      '£10.00',
      '£20.00',
    ]);
  });

  it('saves the charge-finished alert with its threshold in minor units', async () => {
    const prefs = {
      credit_low_alert: { enabled: true, threshold: 500 },
      charge_finished_alert: { enabled: true, threshold: 1000 },
    };
    const updated: User = { ...testUser, email_prefs: prefs };
    const seen = stubServer(answers({ [updatePath]: updated }));
    const { container } = renderWithRouter(<EmailPreferencesPage />, '/email-preferences');
    await screen.findByText('Charge finished');
    await tick(control(container, 'charge_finished_alert.enabled'));
    await select(control(container, 'charge_finished_alert.threshold'), '1000');
    // Turned on with no figure yet, the credit alert takes the first choice (£5.00).
    await tick(control(container, 'credit_low_alert.enabled'));
    await submitForm(container);
    expect(await screen.findByText('Your contact preferences are saved.')).toBeTruthy();
    expect(callsTo(seen, updatePath).map((request) => request.body)).toEqual([
      { fields: { email_prefs: prefs } },
    ]);
    expect(getSession().user?.email_prefs).toEqual(prefs);
  });

  it('uses the currency’s own digits: a currency without minor units stores whole units', async () => {
    const yen = { ...testUser.preferredCurrency, code: 'JPY', symbol: '¥', decimal_digits: 0 };
    await signedInAs({ ...testUser, preferredCurrency: yen });
    stubServer(answers({}));
    const { container } = renderWithRouter(<EmailPreferencesPage />, '/email-preferences');
    await screen.findByText('Credit running low');
    const values = [
      ...control(container, 'credit_low_alert.threshold').querySelectorAll('ion-select-option'),
    ].map((option) => (option as HTMLElement & { value?: unknown }).value);
    expect(values).toEqual([5, 10, 20, 50]);
  });

  it('says why when the preferences cannot be saved', async () => {
    stubServer(
      answers({ [updatePath]: () => json(503, { message: 'Service unavailable', code: 'X' }) }),
    );
    const { container } = renderWithRouter(<EmailPreferencesPage />, '/email-preferences');
    await screen.findByText('Charge finished');
    await tick(control(container, 'charge_finished_alert.enabled'));
    await submitForm(container);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Service unavailable'));
    expect(screen.queryByText('Your contact preferences are saved.')).toBeNull();
  });
});
