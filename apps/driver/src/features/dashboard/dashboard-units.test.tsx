// @vitest-environment-options {"url": "http://harbour.localhost/dashboard"}
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { testUser } from '../../test/fixtures.ts';
import { renderWithRouter } from '../../test/render-shell.tsx';
import { signedInAs } from '../../test/signed-in.ts';
import { json, stubServer } from '../../test/stub-server.ts';
import { DashboardPage } from './dashboard-page.tsx';
import { dashboardData } from './test-support.ts';

const eur = { code: 'EUR', symbol: '€', decimal_digits: 2 };
const data = dashboardData({ spent: [{ currency: eur, total: 720, costPerKm: 3.55 }] });

const field = (name: string) => document.querySelector(`[data-field="${name}"] dd`)?.textContent;

beforeEach(async () => {
  await signedInAs(testUser);
});

describe("the dashboard in the unit of the brand's country (issue 19)", () => {
  it('shows km throughout for an Irish brand (Harbour Charge), the car too', async () => {
    stubServer(() => json(200, { data }));
    renderWithRouter(<DashboardPage />, '/dashboard');
    await waitFor(() => expect(field('km')).toBe('202.8 km'));
    expect(field('costPerKm')).toBe('€0.04 / km');
    expect(screen.getByText('Cost per km')).toBeTruthy();
    expect(screen.getByText(/164 g per km/)).toBeTruthy();
    expect(screen.getByText(/Tesla Model 3, 6\.8 km per kWh/)).toBeTruthy();
  });
});
