import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { testUser } from '../../test/fixtures.ts';
import { fill, ionControl, submitForm, tick } from '../../test/ionic-events.ts';
import { namedPage, renderWithRouter } from '../../test/render-shell.tsx';
import { signedInAs } from '../../test/signed-in.ts';
import { callsTo, fakeApi, failure, ok } from '../../test/stub-server.ts';
import { AddChargerPage } from './add-charger-page.tsx';
import { homeCharger } from './test-support.ts';

beforeEach(async () => {
  await signedInAs(testUser);
});

function renderAdd() {
  return renderWithRouter(
    <Routes>
      <Route path="/home-charging/add" element={<AddChargerPage />} />
      <Route path="/home-charging/charger/:id/tariff" element={namedPage('Tariff wizard')()} />
    </Routes>,
    '/home-charging/add',
  );
}

/** The messages shown beneath the input labelled `label`. */
function messageUnder(container: HTMLElement, label: string): string | undefined {
  const field = ionControl(container, 'ion-input', label).parentElement;
  return field?.querySelector('.field-error')?.textContent ?? undefined;
}

async function fillAll(container: HTMLElement, code: string) {
  await fill(container, 'Charger barcode (4 digits)', '1006');
  await fill(container, 'Serial number (optional)', 'SN-1006');
  await fill(container, 'Charger name', 'Garage');
  await fill(container, 'Adoption code', code);
  await tick(ionControl(container, 'ion-checkbox', 'I accept the terms and conditions'));
  await tick(ionControl(container, 'ion-checkbox', 'I accept the privacy policy'));
}

describe('AddChargerPage (spec 001 §2, §4, §5 adoption)', () => {
  it('requires the barcode, a name, the adoption code, terms and privacy, and sends nothing', async () => {
    const seen = fakeApi({});
    const { container } = renderAdd();
    await submitForm(container);
    expect(await screen.findByText('Please enter the adoption code.')).toBeTruthy();
    expect(messageUnder(container, 'Charger barcode (4 digits)')).toBe(
      "Please enter the charger's 4-digit barcode.",
    );
    expect(messageUnder(container, 'Charger name')).toBe('Please give your charger a name.');
    expect(screen.getByText('You must accept the terms and conditions.')).toBeTruthy();
    expect(screen.getByText('You must accept the privacy policy.')).toBeTruthy();
    // The serial number is optional.
    expect(messageUnder(container, 'Serial number (optional)')).toBeUndefined();
    expect(callsTo(seen, '/development/charger/claim')).toHaveLength(0);
  });

  it('says a wrong code is incorrect, under the code', async () => {
    fakeApi({
      '/development/charger/claim': () =>
        failure(400, 'ADOPTION_CODE_INCORRECT', 'Adoption code is incorrect'),
    });
    const { container } = renderAdd();
    await fillAll(container, 'WRNG-CODE');
    await submitForm(container);
    await waitFor(() =>
      expect(messageUnder(container, 'Adoption code')).toBe('Adoption code is incorrect'),
    );
    expect(screen.queryByText('Tariff wizard')).toBeNull();
  });

  it('adopts with the code, barcode, serial, name and agreement, then goes on to the tariff wizard', async () => {
    const seen = fakeApi({
      '/development/charger/claim': () => ok(homeCharger({ _id: 'h9' })),
    });
    const { container } = renderAdd();
    await fillAll(container, 'ABCD-2345');
    await submitForm(container);
    expect(await screen.findByText('Tariff wizard')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/home-charging/charger/h9/tariff');
    expect(callsTo(seen, '/development/charger/claim')[0]?.body).toEqual({
      accesscode: 'ABCD-2345',
      userid: testUser._id,
      chargerid: '1006',
      serial: 'SN-1006',
      name: 'Garage',
      terms: true,
      privacy: true,
    });
  });
});
