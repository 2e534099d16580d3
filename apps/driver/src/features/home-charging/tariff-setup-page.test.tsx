import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { testUser } from '../../test/fixtures.ts';
import { fill, ionControl, select, submitForm } from '../../test/ionic-events.ts';
import { namedPage, renderWithRouter } from '../../test/render-shell.tsx';
import { signedInAs } from '../../test/signed-in.ts';
import { callsTo, fakeApi, ok, type SeenRequest } from '../../test/stub-server.ts';
import { TariffSetupPage } from './tariff-setup-page.tsx';
import { homeCharger, suppliers } from './test-support.ts';

beforeEach(async () => {
  await signedInAs(testUser);
});

/** The owner's new charger; the host's features as permissions (NO_ENERGY_SUPPLIERS or none). */
function api(permissions: string[] = []): SeenRequest[] {
  return fakeApi({
    '/getVisibilityPermissions': () => ok(permissions.map((name) => ({ name }))),
    '/development/charger/list/home': () => ok([homeCharger()]),
    '/development/energy/suppliers': () => ok(suppliers),
    '/development/charger/update/h1': () => ok(homeCharger({ home_tariff_save: true })),
  });
}

function renderWizard() {
  return renderWithRouter(
    <Routes>
      <Route path="/home-charging/charger/:id/tariff" element={<TariffSetupPage />} />
      <Route path="/home-charging/charger/:id" element={namedPage('Charger overview')()} />
    </Routes>,
    '/home-charging/charger/h1/tariff',
  );
}

const pickerValue = (container: HTMLElement, label: string) =>
  (ionControl(container, 'ion-select', label) as Element & { value?: string }).value;
const inputValue = (container: HTMLElement, label: string) =>
  (ionControl(container, 'ion-input', label) as Element & { value?: string }).value;

describe('TariffSetupPage (spec 001 §2, §4, §5 adoption success and tariff wizard)', () => {
  it('says the charger is adopted; a listed plan fills in its rates, saved in pence', async () => {
    const seen = api();
    const { container } = renderWizard();
    expect(await screen.findByText('Garage is now yours')).toBeTruthy();
    await select(ionControl(container, 'ion-select', 'Energy supplier'), 'Octopus Energy');
    await waitFor(() => ionControl(container, 'ion-select', 'Tariff plan'));
    await select(ionControl(container, 'ion-select', 'Tariff plan'), 'Intelligent Octopus Go');
    await waitFor(() => expect(inputValue(container, 'Day rate (£ per kWh)')).toBe('0.245'));
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Yes' }).checked).toBe(true);
    expect(inputValue(container, 'Night rate (£ per kWh)')).toBe('0.075');
    expect(pickerValue(container, 'Night rate starts')).toBe('23:30');
    expect(pickerValue(container, 'Night rate ends')).toBe('05:30');
    await fill(container, 'Post code', 'LS1 1AA');
    await submitForm(container);
    expect(await screen.findByText('Charger overview')).toBeTruthy();
    expect(callsTo(seen, '/development/charger/update/h1')[0]?.body).toEqual({
      home_tariff: {
        supplier: 'Octopus Energy',
        plan: 'Intelligent Octopus Go',
        postcode: 'LS1 1AA',
        dayRateCost: 24.5,
        nightRate: { cost: 7.5, start: '23:30', end: '05:30' },
      },
    });
  });

  it('asks for what the wizard rules require, in the fields, and saves nothing', async () => {
    const seen = api();
    const { container } = renderWizard();
    await screen.findByText('Garage is now yours');
    await submitForm(container);
    expect(await screen.findByText('Please choose your energy supplier.')).toBeTruthy();
    expect(screen.getByText('Please enter your post code.')).toBeTruthy();
    expect(
      screen.getByText('Please enter the day rate as a number, for example 0.245.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    await fill(container, 'Day rate (£ per kWh)', '024');
    await fill(container, 'Night rate (£ per kWh)', '0.07.5');
    await submitForm(container);
    expect(
      await screen.findByText('Please enter the night rate as a number, for example 0.075.'),
    ).toBeTruthy();
    // No leading zero (001 §5's pattern).
    expect(
      screen.getByText('Please enter the day rate as a number, for example 0.245.'),
    ).toBeTruthy();
    expect(screen.getByText('Please choose when the night rate starts.')).toBeTruthy();
    expect(screen.getByText('Please choose when the night rate ends.')).toBeTruthy();
    expect(callsTo(seen, '/development/charger/update/h1')).toHaveLength(0);
  });

  it('takes a typed supplier for Other, and a typed plan name when the plan is not listed', async () => {
    const seen = api();
    const { container } = renderWizard();
    await screen.findByText('Garage is now yours');
    await select(ionControl(container, 'ion-select', 'Energy supplier'), 'Other');
    await waitFor(() => ionControl(container, 'ion-input', 'Supplier name'));
    expect(() => ionControl(container, 'ion-select', 'Tariff plan')).toThrow();
    await submitForm(container);
    expect(await screen.findByText("Please enter your supplier's name.")).toBeTruthy();
    // With the plan not listed, its name is not required (001 §5).
    expect(screen.queryByText("Please enter your plan's name.")).toBeNull();
    await fill(container, 'Supplier name', 'Good Energy');
    await fill(container, 'Plan name (optional)', 'EV Saver');
    await fill(container, 'Post code', 'CF10 1BJ');
    await fill(container, 'Day rate (£ per kWh)', '0.3');
    await submitForm(container);
    await screen.findByText('Charger overview');
    expect(callsTo(seen, '/development/charger/update/h1')[0]?.body).toEqual({
      home_tariff: {
        supplier: 'Good Energy',
        plan: 'EV Saver',
        postcode: 'CF10 1BJ',
        dayRateCost: 30,
        nightRate: null,
      },
    });
  });

  it('lets a listed supplier’s plan be not listed and typed', async () => {
    const seen = api();
    const { container } = renderWizard();
    await screen.findByText('Garage is now yours');
    await select(ionControl(container, 'ion-select', 'Energy supplier'), 'EDF');
    await waitFor(() => ionControl(container, 'ion-select', 'Tariff plan'));
    await select(ionControl(container, 'ion-select', 'Tariff plan'), 'not listed');
    await waitFor(() => ionControl(container, 'ion-input', 'Plan name (optional)'));
    await fill(container, 'Plan name (optional)', 'Standard Variable');
    expect(pickerValue(container, 'Energy supplier')).toBe('EDF');
    await fill(container, 'Post code', 'LS1 1AA');
    await fill(container, 'Day rate (£ per kWh)', '0.2486');
    await submitForm(container);
    await screen.findByText('Charger overview');
    expect(callsTo(seen, '/development/charger/update/h1')[0]?.body).toMatchObject({
      home_tariff: { supplier: 'EDF', plan: 'Standard Variable', dayRateCost: 24.86 },
    });
  });

  it('with NO_ENERGY_SUPPLIERS has no pickers: supplier and plan are typed, rates by hand', async () => {
    const seen = api(['NO_ENERGY_SUPPLIERS']);
    const { container } = renderWizard();
    await screen.findByText('Garage is now yours');
    expect(container.querySelector('ion-select')).toBeNull();
    await submitForm(container);
    expect(await screen.findByText("Please enter your supplier's name.")).toBeTruthy();
    expect(screen.getByText("Please enter your plan's name.")).toBeTruthy();
    await fill(container, 'Energy supplier', 'Octopus Energy');
    await fill(container, 'Tariff plan', 'Agile');
    await fill(container, 'Post code', 'LS1 1AA');
    await fill(container, 'Day rate (£ per kWh)', '0.19');
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    await fill(container, 'Night rate (£ per kWh)', '0.09');
    await select(ionControl(container, 'ion-select', 'Night rate starts'), '00:30');
    await select(ionControl(container, 'ion-select', 'Night rate ends'), '04:30');
    await submitForm(container);
    await screen.findByText('Charger overview');
    expect(callsTo(seen, '/development/energy/suppliers')).toHaveLength(0);
    expect(callsTo(seen, '/development/charger/update/h1')[0]?.body).toEqual({
      home_tariff: {
        supplier: 'Octopus Energy',
        plan: 'Agile',
        postcode: 'LS1 1AA',
        dayRateCost: 19,
        nightRate: { cost: 9, start: '00:30', end: '04:30' },
      },
    });
  });

  it('can be skipped: the tariff is added later in settings', async () => {
    const seen = api();
    renderWizard();
    await screen.findByText('Garage is now yours');
    await userEvent.click(screen.getByText('Skip for now'));
    expect(await screen.findByText('Charger overview')).toBeTruthy();
    expect(callsTo(seen, '/development/charger/update/h1')).toHaveLength(0);
  });
});
