// @vitest-environment-options {"url": "http://harbour.localhost/findcharger"}
import { screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListChargersResponse } from '@evc/contract';
import { renderWithRouter } from '../../test/render-shell.tsx';
import { chargerDirectory } from './charger-directory.ts';
import { ChargerList } from './charger-list.tsx';

/** Two Dublin chargers of Harbour Charge, an Irish brand. */
const dublin: ListChargersResponse = {
  count: 2,
  barcode: ['3101', '3102'],
  name: ['Heuston Station', 'Dún Laoghaire Pier'],
  lat: [53.3464, 53.294],
  lon: [-6.2925, -6.1339],
  address: ['St John’s Road West', 'Harbour Road'],
  city: ['Dublin', 'Dún Laoghaire'],
  post_code: ['D08', 'A96'],
  online: [true, true],
  free: [true, true],
  connectors: [[[1, 'Type 2', 'Available', 22]], [[1, 'CCS', 'Available', 50]]],
};

// jsdom lays nothing out; the list needs a height to show rows in.
const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, value: 800 });
});
afterAll(() => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
});

describe('the charger list', () => {
  it("reads distances in the unit of the brand's country: km for an Irish brand in English", async () => {
    renderWithRouter(
      <ChargerList
        directory={chargerDirectory(dublin)}
        positions={[0, 1]}
        overlay={new Map()}
        origin={{ lat: 53.3498, lon: -6.2603 }}
        onOpen={() => undefined}
      />,
      '/findcharger',
    );
    await screen.findByText('Heuston Station');
    const distances = [...document.querySelectorAll('.finder-row__distance')].map(
      (distance) => distance.textContent,
    );
    expect(distances).toEqual(['2.2 km', '10 km']);
  });
});
