import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { testUser } from '../../test/fixtures.ts';
import { fill, ionControl, submitForm, tick } from '../../test/ionic-events.ts';
import { renderWithRouter } from '../../test/render-shell.tsx';
import { signedInAs } from '../../test/signed-in.ts';
import { callsTo, fakeApi, failure, ok, type SeenRequest } from '../../test/stub-server.ts';
import { ChargerSettingsPage } from './charger-settings-page.tsx';
import { homeCharger, suppliers } from './test-support.ts';

beforeEach(async () => {
  await signedInAs(testUser);
});

const tariff = {
  supplier: 'Octopus Energy',
  plan: 'Intelligent Octopus Go',
  postcode: 'LS1 1AA',
  dayRateCost: 24.5,
  nightRate: { cost: 7.5, start: '23:30', end: '05:30' },
};

function api(update: () => Response): SeenRequest[] {
  return fakeApi({
    '/getVisibilityPermissions': () => ok([]),
    '/development/charger/list/home': () =>
      ok([homeCharger({ home_tariff_save: true, homeTariff: tariff })]),
    '/development/energy/suppliers': () => ok(suppliers),
    '/development/charger/update/h1': update,
  });
}

function renderSettings(path: string) {
  return renderWithRouter(
    <Routes>
      <Route path="/home-charging/charger/:id/settings" element={<ChargerSettingsPage />} />
    </Routes>,
    path,
  );
}

const inputValue = (container: HTMLElement, label: string) =>
  (ionControl(container, 'ion-input', label) as Element & { value?: string }).value;

describe('ChargerSettingsPage (spec 001 §2 settings with Main and Tariff tabs)', () => {
  it('Main: renames the charger and sets the off-peak and randomised-delay flags', async () => {
    const seen = api(() =>
      ok(homeCharger({ name: 'Drive', settings: { offPeak: true, randomisedDelay: false } })),
    );
    const { container } = renderSettings('/home-charging/charger/h1/settings');
    await waitFor(() => expect(inputValue(container, 'Charger name')).toBe('Garage'));
    await fill(container, 'Charger name', 'Drive');
    await tick(ionControl(container, 'ion-toggle', 'Off-peak schedule'), true);
    await tick(ionControl(container, 'ion-toggle', 'Randomised delay'), false);
    await submitForm(container);
    expect(await screen.findByText('Settings saved.')).toBeTruthy();
    expect(callsTo(seen, '/development/charger/update/h1')[0]?.body).toEqual({
      name: 'Drive',
      off_peak: true,
      randomised_delay: false,
    });
  });

  it('Main: a failed save says so in the spec’s words', async () => {
    api(() => failure(500, 'INTERNAL', 'broken'));
    const { container } = renderSettings('/home-charging/charger/h1/settings');
    await waitFor(() => expect(inputValue(container, 'Charger name')).toBe('Garage'));
    await submitForm(container);
    expect(
      await screen.findByText('Unknown error fetching or saving charger settings'),
    ).toBeTruthy();
  });

  it('Tariff: the wizard shows the saved tariff in £ per kWh, and removes it', async () => {
    const seen = api(() => ok(homeCharger()));
    const { container } = renderSettings('/home-charging/charger/h1/settings?tab=tariff');
    await waitFor(() => expect(inputValue(container, 'Day rate (£ per kWh)')).toBe('0.245'));
    expect(inputValue(container, 'Night rate (£ per kWh)')).toBe('0.075');
    expect(inputValue(container, 'Post code')).toBe('LS1 1AA');
    await userEvent.click(screen.getByText('Remove tariff'));
    expect(await screen.findByText('Home tariff removed.')).toBeTruthy();
    expect(callsTo(seen, '/development/charger/update/h1')[0]?.body).toEqual({
      home_tariff: null,
    });
  });
});
