import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import { tariffInput, type ChargerView } from '@evc/contract';
import { loadRecentChargers } from '../../lib/recent-chargers.ts';
import { setUser } from '../../lib/session/session-store.ts';
import { setTokens } from '../../lib/session/token-store.ts';
import { testCharger, testUser } from '../../test/fixtures.ts';
import { renderWithRouter } from '../../test/render-shell.tsx';
import { apiPath, json, stubServer } from '../../test/stub-server.ts';
import { CHARGER_REFRESH_MS } from '../../lib/api/calls/get-charger-by-barcode.ts';
import { ChargerDetailsPage } from './charger-details-page.tsx';

/** The page under its routes, as the shell registers it. */
const page = (
  <Routes>
    <Route path="/charger-details/:barcode" element={<ChargerDetailsPage />} />
    <Route path="/charger-details" element={<ChargerDetailsPage />} />
  </Routes>
);

const later = new Date(Date.now() + 3_600_000).toISOString();

function charger(overrides: Partial<ChargerView> = {}): ChargerView {
  return testCharger({
    connectors: [
      {
        connectornumber: 1,
        name: 'Connector 1',
        type: 'Type 2',
        maxPowerKw: 22,
        currentStatus: { status: 'Charging', errorCode: null, at: null, inTransaction: true },
      },
      {
        connectornumber: 2,
        name: 'Connector 2',
        type: 'CCS',
        maxPowerKw: 50,
        currentStatus: { status: 'SuspendedEV', errorCode: null, at: null, inTransaction: true },
      },
    ],
    tariff: tariffInput.parse({ standard_rate: 0.45, currency: 'GBP', connection_cost: 100 }),
    ...overrides,
  });
}

beforeEach(async () => {
  await setTokens({ auth: { token: 'a', expiry: later }, refresh: { token: 'r', expiry: later } });
  act(() => setUser(testUser));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('ChargerDetailsPage (spec 000 §2, §4)', () => {
  it("shows another driver's sessions as In use and Paused, and the tariff in pence per kWh", async () => {
    stubServer(() => json(200, { data: charger() }));
    renderWithRouter(page, '/charger-details/1001');
    expect(await screen.findByText('Leeds Dock')).toBeTruthy();
    expect(screen.getByText('In use')).toBeTruthy();
    expect(screen.getByText('Paused')).toBeTruthy();
    expect(screen.getByText('45p/kWh')).toBeTruthy();
    expect(screen.getByText('£1.00')).toBeTruthy();
  });

  it("issue 19: words the fees at a glance, 'Time fee' £1.00/h and 'Overstay' £5.00/h after 30 min", async () => {
    stubServer(() =>
      json(200, {
        data: charger({
          tariff: tariffInput.parse({
            standard_rate: 0.35,
            currency: 'GBP',
            costperperiod: 100,
            period: 60,
            initialperiod: 60,
            overstaycostperperiod: 500,
            overstayperiod: 60,
            overstaygraceperiod: 30,
          }),
        }),
      }),
    );
    renderWithRouter(page, '/charger-details/1001');
    await screen.findByText('Leeds Dock');
    const terms = [
      ...document.querySelectorAll('.tariff-list > div:not([data-field="estimate"])'),
    ].map((row) => [row.querySelector('dt')?.textContent, row.querySelector('dd')?.textContent]);
    expect(terms).toEqual([
      ['Energy', '35p/kWh'],
      ['Time fee', '£1.00/h after 60 min'],
      ['Overstay', '£5.00/h after 30 min'],
    ]);
  });

  it('shows the driver their own session as it is: Charging, not In use (000 §4)', async () => {
    const seen = stubServer((request) => {
      if (apiPath(request) === '/checkMyTransactionData') {
        const { connectorid } = request.body as { connectorid: number };
        return json(200, {
          data:
            connectorid === 1
              ? {
                  transactionId: 7,
                  connectorid: 1,
                  meterStartWh: 0,
                  energyWh: 1200,
                  startedAt: null,
                }
              : null,
        });
      }
      return json(200, { data: charger() });
    });
    renderWithRouter(page, '/charger-details/1001');
    expect(await screen.findByText('Charging')).toBeTruthy();
    // Connector 2 runs someone else's session.
    expect(screen.getByText('Paused')).toBeTruthy();
    expect(screen.queryByText('In use')).toBeNull();
    const asked = seen
      .filter((request) => apiPath(request) === '/checkMyTransactionData')
      .map((request) => request.body);
    expect(asked).toEqual(
      expect.arrayContaining([
        { chargerid: charger()._id, connectorid: 1 },
        { chargerid: charger()._id, connectorid: 2 },
      ]),
    );
  });

  it('does not ask whose session an available connector runs', async () => {
    const seen = stubServer(() =>
      json(200, {
        data: charger({
          connectors: charger().connectors.map((connector) => ({
            ...connector,
            currentStatus: { ...connector.currentStatus, status: 'Available' },
          })),
        }),
      }),
    );
    renderWithRouter(page, '/charger-details/1001');
    expect(await screen.findAllByText('Available')).toHaveLength(2);
    expect(seen.filter((request) => apiPath(request) === '/checkMyTransactionData')).toEqual([]);
  });

  it('offers Charge on a car plugged in before anyone started (Preparing, no transaction)', async () => {
    const seen = stubServer(() =>
      json(200, {
        data: charger({
          connectors: charger().connectors.map((connector) => ({
            ...connector,
            currentStatus: {
              ...connector.currentStatus,
              status: 'Preparing',
              inTransaction: connector.connectornumber === 2,
            },
          })),
        }),
      }),
    );
    renderWithRouter(page, '/charger-details/1001');
    const pluggedIn = (await screen.findByText('Plugged in')).closest('li');
    expect(pluggedIn).toBeTruthy();
    expect(within(pluggedIn as HTMLElement).getByText('Charge here')).toBeTruthy();
    // Connector 2 is Preparing for someone's session: In use, nothing to start.
    const inUse = screen.getByText('In use').closest('li') as HTMLElement;
    expect(within(inUse).queryByText('Charge here')).toBeNull();
    // Nobody's transaction runs on connector 1: the server is not asked whose it is.
    const asked = seen
      .filter((request) => apiPath(request) === '/checkMyTransactionData')
      .map((request) => (request.body as { connectorid: number }).connectorid);
    expect(asked).toEqual([2]);
  });

  it('Offline overrides every connector status', async () => {
    stubServer(() => json(200, { data: charger({ online: false }) }));
    renderWithRouter(page, '/charger-details/1001');
    expect(await screen.findAllByText('Offline')).toHaveLength(2);
  });

  it('says Free to charge for a free tariff', async () => {
    stubServer(() =>
      json(200, {
        data: charger({ tariff: { ...charger().tariff, standard_rate: 0, connection_cost: 0 } }),
      }),
    );
    renderWithRouter(page, '/charger-details/1001');
    expect(await screen.findByText('Free to charge')).toBeTruthy();
  });

  it('reads the barcode from a deep link query and says Charger Not Found for an unknown one', async () => {
    const seen = stubServer(() =>
      json(404, { message: 'Charger Not Found', code: 'CHARGER_NOT_FOUND' }),
    );
    renderWithRouter(page, '/charger-details?barcode=4242');
    expect(await screen.findByText('Charger Not Found')).toBeTruthy();
    expect(seen[0]?.body).toMatchObject({ barcode: '4242' });
  });

  it('is headed by the charger name, with the barcode and serial number labelled in the banner', async () => {
    stubServer(() => json(200, { data: charger() }));
    renderWithRouter(page, '/charger-details/1001');
    expect(await screen.findByRole('heading', { name: 'Leeds Dock' })).toBeTruthy();
    const banner = await screen.findByRole('region', { name: 'Charger details' });
    const labelled = Object.fromEntries(
      [...banner.querySelectorAll('dt')].map((term) => [
        term.textContent,
        term.nextElementSibling?.textContent,
      ]),
    );
    expect(labelled).toEqual({ 'Charger ID': '1001', 'Serial number': 'SN-1' });
    expect(within(banner).getByText('1 The Boulevard, Leeds LS10 1PZ')).toBeTruthy();
  });

  it('says Charger Unavailable for an offline charger', async () => {
    stubServer(() => json(200, { data: charger({ online: false }) }));
    renderWithRouter(page, '/charger-details/1001');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Charger Unavailable')).toBeTruthy();
  });

  it('has no Charger Unavailable message while the charger is online', async () => {
    stubServer(() => json(200, { data: charger() }));
    renderWithRouter(page, '/charger-details/1001');
    expect(await screen.findByText('Leeds Dock')).toBeTruthy();
    expect(screen.queryByText('Charger Unavailable')).toBeNull();
  });

  it('adds the variable tariff chart for a tariff with half-hourly rates', async () => {
    // Mid-afternoon, so the first half hour is not the one marked Now.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 20, 15, 10));
    const periods = Array.from({ length: 48 }, (_, index) => ({
      standard_rate: index < 14 ? 0.1 : 0.4,
      available: true,
    }));
    const variability = {
      twentyfourseven: true,
      regular_hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, periods })),
    };
    stubServer(() =>
      json(200, { data: charger({ tariff: { ...charger().tariff, variability } }) }),
    );
    const { container } = renderWithRouter(page, '/charger-details/1001');
    const chart = await screen.findByRole('region', { name: 'Price by time of day' });
    expect(chart.querySelectorAll('td')).toHaveLength(48);
    const first = container.querySelector<HTMLElement>('td[data-start="00:00"]');
    const late = container.querySelector<HTMLElement>('td[data-start="12:00"]');
    expect(first?.textContent).toBe('£0.10');
    expect(first?.dataset.level).toBe('not-above-average');
    expect(late?.dataset.level).toBe('above-average');
    expect(chart.querySelectorAll('.tariff-chart__cell--now')).toHaveLength(1);
    expect(container.querySelector('td[data-start="15:00"]')?.textContent).toBe('£0.40Now');
  });

  it('shows no chart for a flat tariff', async () => {
    stubServer(() => json(200, { data: charger() }));
    renderWithRouter(page, '/charger-details/1001');
    expect(await screen.findByText('Leeds Dock')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Price by time of day' })).toBeNull();
  });

  it('records the charger among the recent charge points of this device', async () => {
    stubServer(() => json(200, { data: charger() }));
    renderWithRouter(page, '/charger-details/1001');
    expect(await screen.findByText('Leeds Dock')).toBeTruthy();
    await waitFor(async () =>
      expect(await loadRecentChargers()).toEqual([{ barcode: '1001', name: 'Leeds Dock' }]),
    );
  });

  it('leads from an available connector into the charging flow, and not from one in use', async () => {
    const available = charger();
    available.connectors[1]!.currentStatus.status = 'Available';
    stubServer(() => json(200, { data: available }));
    const { container } = renderWithRouter(page, '/charger-details/1001');
    expect(await screen.findByText('Charge here')).toBeTruthy();
    const links = [...container.querySelectorAll('ion-button')]
      .map((button) => (button as HTMLElement & { routerLink?: string }).routerLink)
      .filter(Boolean);
    expect(links).toEqual(['/charging-select-payment?barcode=1001&connector=2']);
  });

  describe('when the charger cannot be loaded (issue 19)', () => {
    /** The charger's answers in turn: a status of its own, or the charger. */
    function chargerAnswers(...statuses: number[]) {
      stubServer((request) => {
        if (apiPath(request) !== '/getChargerByBarcode') {
          return json(404, { message: 'Not found', code: 'NOT_FOUND' });
        }
        const status = statuses.length > 1 ? statuses.shift() : statuses[0];
        return status === 200
          ? json(200, { data: charger() })
          : json(status ?? 500, { message: 'Server Error', code: 'INTERNAL' });
      });
    }

    it('keeps the charger on screen when a refresh fails online, with a note of when it was loaded', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      chargerAnswers(200, 500, 200);
      renderWithRouter(page, '/charger-details/1001');
      expect(await screen.findByText('Leeds Dock')).toBeTruthy();
      expect(screen.queryByRole('status')).toBeNull();

      await act(() => vi.advanceTimersByTimeAsync(CHARGER_REFRESH_MS));
      const note = await screen.findByRole('status');
      expect(note.textContent).toMatch(
        /^Could not refresh this charger\. Showing what was last loaded\. Last updated .+\.$/,
      );
      expect(screen.getByText('Leeds Dock')).toBeTruthy();
      expect(screen.getByText('In use')).toBeTruthy();
      expect(screen.queryByRole('alert')).toBeNull();

      // The next refresh that comes through takes the note away.
      await act(() => vi.advanceTimersByTimeAsync(CHARGER_REFRESH_MS));
      await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    });

    it('says why a first load failed, with Try again that loads the charger', async () => {
      chargerAnswers(500, 200);
      renderWithRouter(page, '/charger-details/1001');
      expect((await screen.findByRole('alert')).textContent).toBe('Server Error');
      act(() => {
        screen.getByText('Try again').click();
      });
      expect(await screen.findByText('Leeds Dock')).toBeTruthy();
      expect(screen.queryByRole('alert')).toBeNull();
    });
  });
});
