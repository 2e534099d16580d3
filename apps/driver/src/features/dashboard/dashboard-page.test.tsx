import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { testUser } from '../../test/fixtures.ts';
import { renderWithRouter } from '../../test/render-shell.tsx';
import { apiPath, callsTo, json, stubServer } from '../../test/stub-server.ts';
import { signedInAs } from '../../test/signed-in.ts';
import { dashboardRequest } from '../../lib/api/calls/get-dashboard-data.ts';
import { DashboardPage } from './dashboard-page.tsx';
import { dashboardData as data, gbp } from './test-support.ts';

const field = (name: string) => document.querySelector(`[data-field="${name}"] dd`)?.textContent;

beforeEach(async () => {
  await signedInAs(testUser);
});

describe('DashboardPage (spec 000 §2 dashboard)', () => {
  it('shows total kWh, distance, charge time, CO2 saved, cost per distance and spent, with the CO2 factor, in miles for a UK brand (issue 19)', async () => {
    const seen = stubServer((request) =>
      apiPath(request) === '/getDashboardData'
        ? json(200, { data: data() })
        : json(404, { code: 'NOT_FOUND', message: 'no' }),
    );
    renderWithRouter(<DashboardPage />, '/dashboard');
    await waitFor(() => expect(field('kwh')).toBe('30.0 kWh'));
    expect(field('km')).toBe('126.0 miles');
    expect(field('chargeTime')).toBe('03:02:05');
    expect(field('co2')).toBe('33.3 kg');
    expect(field('costPerKm')).toBe('£0.06 / mile');
    expect(screen.getByText('Cost per mile')).toBeTruthy();
    expect(field('spent')).toBe('£7.20');
    expect(screen.getByText(/264 g per mile/)).toBeTruthy();
    expect(screen.getByText(/Tesla Model 3, 4.2 miles per kWh/)).toBeTruthy();
    expect(callsTo(seen, '/getDashboardData')[0]?.body).toMatchObject({ years: false });
    // The charts arrive with the dashboard.
    expect(await screen.findByRole('img', { name: 'Energy (kWh)' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Spent (GBP)' })).toBeTruthy();
  });

  it('asks the driver to choose a car when no distance is known', async () => {
    stubServer(() =>
      json(200, {
        data: {
          ...data({
            km: null,
            co2SavedKg: null,
            spent: [{ currency: gbp, total: 720, costPerKm: null }],
          }),
          car: null,
        },
      }),
    );
    renderWithRouter(<DashboardPage />, '/dashboard');
    await waitFor(() => expect(field('km')).toBe('–'));
    expect(field('co2')).toBe('–');
    expect(field('costPerKm')).toBe('–');
    expect(screen.getByRole('note').textContent).toBe(
      'Choose your car in settings to see the distance, the CO₂ saved and the cost per mile.',
    );
  });

  it('offers today, 7 days, 1 month and 1 year', async () => {
    stubServer(() => json(200, { data: data() }));
    const { container } = renderWithRouter(<DashboardPage />, '/dashboard');
    await waitFor(() => expect(field('kwh')).toBeTruthy());
    const labels = [...container.querySelectorAll('ion-segment-button')].map((b) => b.textContent);
    expect(labels).toEqual(['Today', '7 days', '1 month', '1 year']);
  });
});

describe('dashboardRequest (spec 000 §9 windows from the driver’s clock)', () => {
  const now = new Date('2026-11-23T10:00:00Z');
  const midnight = (days: number) => {
    const local = new Date(now);
    local.setHours(0, 0, 0, 0);
    local.setDate(local.getDate() - (days - 1));
    return local.toISOString();
  };
  it.each([
    ['today', { startdate: midnight(1), years: false, today: now.toISOString() }],
    ['week', { startdate: midnight(7), years: false, today: now.toISOString() }],
    ['month', { years: false, today: now.toISOString() }],
    ['year', { years: true, today: now.toISOString() }],
  ] as const)('%s', (period, request) => {
    expect(dashboardRequest(period, now)).toEqual(request);
  });
});
