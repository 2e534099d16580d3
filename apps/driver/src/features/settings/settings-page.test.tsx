import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '../../test/fixtures.ts';
import { renderWithRouter } from '../../test/render-shell.tsx';
import { json, stubServer } from '../../test/stub-server.ts';
import { SettingsPage } from './settings-page.tsx';
import { signedInAs } from '../../test/signed-in.ts';
import { answers, latestCharge, leaf } from './test-support.ts';

const balance = { balance: -1250, currency: testUser.preferredCurrency };

afterEach(() => vi.unstubAllGlobals());

const linkTargets = (container: HTMLElement) =>
  [...container.querySelectorAll('ion-item')].map((item) => [
    item.textContent?.trim(),
    (item as HTMLElement & { routerLink?: string }).routerLink,
  ]);

describe('SettingsPage (spec 000 §2)', () => {
  beforeEach(async () => {
    await signedInAs({ ...testUser, car_type: leaf });
  });

  it('shows the credit, the car with its range from the latest charge, and the currency', async () => {
    stubServer(
      answers({
        '/getVisibilityPermissions': [],
        '/getUserBalance': balance,
        '/development/transaction/user/latest': latestCharge(20),
      }),
    );
    renderWithRouter(<SettingsPage />, '/settings');
    expect(await screen.findByText('£12.50')).toBeTruthy();
    expect(screen.getByText('Nissan Leaf')).toBeTruthy();
    expect(screen.getByText('3.9 miles per kWh')).toBeTruthy();
    // 3.9 miles per kWh × 20 kWh
    expect(await screen.findByText('About 78 miles from your last charge (20 kWh)')).toBeTruthy();
    expect(screen.getByText('GBP (£)')).toBeTruthy();
  });

  it("says '...Loading' while the balance is fetched", async () => {
    stubServer((request) =>
      request.url.endsWith('/getUserBalance')
        ? new Promise<Response>(() => undefined)
        : answers({ '/getVisibilityPermissions': [] })(request),
    );
    renderWithRouter(<SettingsPage />, '/settings');
    const credit = (await screen.findByText('Credit')).closest('ion-item') as HTMLElement;
    expect(within(credit).getByText('...Loading')).toBeTruthy();
  });

  it('shows no balance at all when fetching it fails (spec 000 §8)', async () => {
    const seen = stubServer(
      answers({
        '/getVisibilityPermissions': [],
        '/getUserBalance': () => json(503, { message: 'Service unavailable', code: 'X' }),
        '/development/transaction/user/latest': null,
      }),
    );
    renderWithRouter(<SettingsPage />, '/settings');
    const credit = (await screen.findByText('Credit')).closest('ion-item') as HTMLElement;
    await waitFor(() => expect(seen.some((r) => r.url.endsWith('/getUserBalance'))).toBe(true));
    await waitFor(() => expect(within(credit).queryByText('...Loading')).toBeNull());
    expect(credit.querySelector('ion-note')).toBeNull();
    expect(credit.textContent?.trim()).toBe('Credit');
  });

  it('asks for a first charge when the driver has none yet', async () => {
    stubServer(
      answers({
        '/getVisibilityPermissions': [],
        '/getUserBalance': balance,
        '/development/transaction/user/latest': null,
      }),
    );
    renderWithRouter(<SettingsPage />, '/settings');
    expect(await screen.findByText('Charge once to see your estimated range.')).toBeTruthy();
  });

  it('links to every account page the spec lists', async () => {
    stubServer(answers({ '/getVisibilityPermissions': [], '/getUserBalance': balance }));
    const { container } = renderWithRouter(<SettingsPage />, '/settings');
    await screen.findByText('Edit your details');
    expect(linkTargets(container)).toEqual(
      expect.arrayContaining([
        ['Edit your details', '/edit-user'],
        ['Change password', '/change-password'],
        ['Payment details', '/manage-payments'],
        ['Affiliates', '/manage-affiliates'],
        ['Contact preferences', '/email-preferences'],
        ['RFID cards', '/manage-rfid-cards'],
        ['Terms and Conditions', '/terms-conditions'],
        ['Language', '/language'],
        ['Questions and answers', '/faq'],
        ['Support', '/support'],
        ['Two-step sign-in', '/mfa'],
        ['Delete account', '/delete-account'],
      ]),
    );
    expect(linkTargets(container).find(([text]) => text?.startsWith('Credit'))?.[1]).toBe(
      '/balance',
    );
  });

  it('hides the credit where the operator has turned CREDIT off', async () => {
    // spec 000 §6: CREDIT is shown by default; a brand's disabled features hide it.
    const { currentBrand } = await import('../../lib/brand.ts');
    const features = currentBrand().features as { disabledFeatures: readonly string[] };
    const before = features.disabledFeatures;
    features.disabledFeatures = [...before, 'CREDIT'];
    try {
      stubServer(answers({ '/getVisibilityPermissions': [], '/getUserBalance': balance }));
      renderWithRouter(<SettingsPage />, '/settings');
      await screen.findByText('Edit your details');
      expect(screen.queryByText('Credit')).toBeNull();
    } finally {
      features.disabledFeatures = before;
    }
  });

  it('invites the driver to choose a car when they have none', async () => {
    await signedInAs(testUser);
    stubServer(answers({ '/getVisibilityPermissions': [], '/getUserBalance': balance }));
    renderWithRouter(<SettingsPage />, '/settings');
    expect(await screen.findByText('Choose your car to see its range.')).toBeTruthy();
  });
});
