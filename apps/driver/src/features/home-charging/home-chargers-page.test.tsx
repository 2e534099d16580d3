import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { testUser } from '../../test/fixtures.ts';
import { renderWithRouter } from '../../test/render-shell.tsx';
import { signedInAs } from '../../test/signed-in.ts';
import { fakeApi, failure, ok } from '../../test/stub-server.ts';
import { HomeChargersPage } from './home-chargers-page.tsx';
import { homeCharger } from './test-support.ts';

beforeEach(async () => {
  await signedInAs(testUser);
});

describe('HomeChargersPage (spec 001 §2 home charger list)', () => {
  it('groups the chargers by Offline, Charging, Available, Faulted, Suspended, in that order', async () => {
    fakeApi({
      '/development/charger/list/home': () =>
        ok([
          homeCharger({ _id: 'a', name: 'Drive' }, 'Available'),
          homeCharger({ _id: 'b', name: 'Garage', home_tariff_save: true }, 'Charging'),
          homeCharger({ _id: 'c', name: 'Barn', online: false }, 'Charging'),
          homeCharger({ _id: 'd', name: 'Annexe' }, 'SuspendedEV'),
          homeCharger({ _id: 'e', name: 'Workshop' }, 'Faulted'),
        ]),
    });
    renderWithRouter(<HomeChargersPage />, '/home-charging');
    await screen.findByText('Drive');
    const groups = [...document.querySelectorAll('.home-group')].map((group) => [
      group.getAttribute('aria-label'),
      [...group.querySelectorAll('.home-charger__name')].map((name) => name.textContent),
    ]);
    expect(groups).toEqual([
      ['Offline', ['Barn']],
      ['Charging', ['Garage']],
      ['Available', ['Drive']],
      ['Faulted', ['Workshop']],
      ['Suspended', ['Annexe']],
    ]);
    const garage = screen.getByText('Garage').closest('a') as HTMLElement;
    expect(garage.getAttribute('href')).toBe('/home-charging/charger/b');
    expect(within(garage).getByText('Home tariff set')).toBeTruthy();
    expect(screen.getByText('Add charger')).toBeTruthy();
  });

  it('explains adoption when the owner has no charger yet', async () => {
    fakeApi({ '/development/charger/list/home': () => ok([]) });
    renderWithRouter(<HomeChargersPage />, '/home-charging');
    expect(await screen.findByText('You have no home charger yet')).toBeTruthy();
    expect(screen.getByText(/leaves you its adoption code/)).toBeTruthy();
    expect(screen.getByText('Add charger')).toBeTruthy();
  });

  it('says so in the spec’s words when the chargers cannot be fetched', async () => {
    fakeApi({
      '/development/charger/list/home': () => failure(500, 'INTERNAL', 'broken'),
    });
    renderWithRouter(<HomeChargersPage />, '/home-charging');
    expect(
      await screen.findByText('Unknown error fetching or saving charger settings'),
    ).toBeTruthy();
  });
});
