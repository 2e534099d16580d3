// @vitest-environment-options {"url": "http://harbour.localhost/settings"}
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '../../test/fixtures.ts';
import { renderWithRouter } from '../../test/render-shell.tsx';
import { stubServer } from '../../test/stub-server.ts';
import { signedInAs } from '../../test/signed-in.ts';
import { SettingsPage } from './settings-page.tsx';
import { answers, latestCharge, leaf } from './test-support.ts';

afterEach(() => vi.unstubAllGlobals());

describe("the car's range in the unit of the brand's country (issue 19)", () => {
  beforeEach(async () => {
    await signedInAs({ ...testUser, car_type: leaf });
  });

  it('shows km for an Irish brand (Harbour Charge)', async () => {
    stubServer(
      answers({
        '/getVisibilityPermissions': [],
        '/getUserBalance': { balance: 0, currency: testUser.preferredCurrency },
        '/development/transaction/user/latest': latestCharge(20),
      }),
    );
    renderWithRouter(<SettingsPage />, '/settings');
    // 3.9 miles per kWh is 6.28 km per kWh; × 20 kWh is 125.5, rounded down.
    expect(await screen.findByText('6.28 km per kWh')).toBeTruthy();
    expect(await screen.findByText('About 125 km from your last charge (20 kWh)')).toBeTruthy();
  });
});
