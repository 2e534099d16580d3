import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChargeHistoryItem, DashboardData } from '@evc/contract';
import { testUser } from '../../test/fixtures.ts';
import { namedPage, renderWithRouter } from '../../test/render-shell.tsx';
import { signedInAs } from '../../test/signed-in.ts';
import { callsTo, fakeApi, ok, type SeenRequest } from '../../test/stub-server.ts';
import { transactionView } from '../../test/transaction-view.ts';
import { HISTORY_PAGE_SIZE as SESSIONS_PAGE_SIZE } from '../../lib/api/calls/get-charge-history.ts';
import { HomeChargerPage } from './home-charger-page.tsx';
import { homeCharger, homeSession } from './test-support.ts';

beforeEach(async () => {
  await signedInAs(testUser);
});

const gbp = { code: 'GBP', symbol: '£', decimal_digits: 2 };

function dashboard(): DashboardData {
  const totals = (kWh: number, sessions: number) => ({
    sessions,
    kWh,
    km: null,
    chargeSeconds: 7200,
    co2SavedKg: null,
    spent: [],
    homeSpent: [{ currency: gbp, total: 179 }],
  });
  return {
    window: {
      kind: 'days',
      from: '2026-11-20T00:00:00.000Z',
      to: '2026-11-21T00:00:00.000Z',
      bucket: 'day',
    },
    car: null,
    co2: { gramsPerKm: 164, source: 'UK Government GHG Conversion Factors 2023' },
    totals: totals(12.4, 2),
    buckets: [
      {
        start: '2026-11-20T00:00:00.000Z',
        end: '2026-11-21T00:00:00.000Z',
        totals: totals(12.4, 2),
      },
    ],
  };
}

interface Fake {
  history?: (request: SeenRequest) => ChargeHistoryItem[];
  latest?: ReturnType<typeof transactionView> | null;
}

function api({ history = () => [homeSession()], latest = null }: Fake = {}): SeenRequest[] {
  return fakeApi({
    '/development/charger/list/home': () => ok([homeCharger()]),
    '/getChargeHistory': (request) => ok(history(request)),
    '/getDashboardData': () => ok(dashboard()),
    '/development/transaction/user/latest': () => ok(latest),
    '/remoteStartTransaction': () =>
      ok(transactionView({ _id: 'new', chargerid: 'h1', state: 'pending', source: 'CREDIT' })),
    '/remoteStopTransaction': () =>
      ok(transactionView({ _id: 'run', chargerid: 'h1', state: 'charging' })),
  });
}

function renderCharger(path: string) {
  return renderWithRouter(
    <Routes>
      <Route path="/home-charging/charger/:id" element={<HomeChargerPage />} />
      <Route path="/start-charging" element={namedPage('Plug in')()} />
    </Routes>,
    path,
  );
}

const segmentValue = (selector: string) =>
  document.querySelector<Element & { value?: string }>(selector)?.value;

describe('HomeChargerPage (spec 001 §2 overview with OVERVIEW, ENERGY, SESSIONS)', () => {
  it('OVERVIEW: the status, the last session with its home cost; energy is not asked for', async () => {
    const seen = api();
    renderCharger('/home-charging/charger/h1');
    expect(await screen.findByText('Charger Overview')).toBeTruthy();
    expect(document.querySelector('[data-field="status"]')?.textContent).toBe('Available');
    const last = await screen.findByText('£0.56');
    expect(last.closest('li')?.querySelector('[data-field="kwh"] dd')?.textContent).toBe('7.4 kWh');
    expect(callsTo(seen, '/getChargeHistory')[0]?.body).toEqual({
      usercode: testUser.HRCode,
      chargerid: 'h1',
      limit: 1,
      active: false,
    });
    expect(callsTo(seen, '/getDashboardData')).toHaveLength(0);
  });

  it('OVERVIEW: starts a charge at the owner’s charger with nothing to pay, then waits for the plug', async () => {
    const seen = api();
    renderCharger('/home-charging/charger/h1');
    await userEvent.click(await screen.findByText('Start charging'));
    expect(await screen.findByText('Plug in')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/start-charging?transactionId=new');
    expect(callsTo(seen, '/remoteStartTransaction')[0]?.body).toEqual({
      chargerid: 'h1',
      connectorid: 1,
      source: 'CREDIT',
      intent_id: null,
      profile: null,
    });
  });

  it('OVERVIEW: shows the session running at the charger and stops it', async () => {
    const seen = api({
      latest: transactionView({ _id: 'run', chargerid: 'h1', chargerName: 'Garage' }),
    });
    renderCharger('/home-charging/charger/h1');
    const summary = (await screen.findByText('Follow this charge')).closest(
      '.transaction-summary',
    ) as HTMLElement;
    expect(within(summary).getByText('Garage')).toBeTruthy();
    expect(screen.queryByText('Start charging')).toBeNull();
    await userEvent.click(within(summary).getByText('Stop charging'));
    await waitFor(() =>
      expect(callsTo(seen, '/remoteStopTransaction')[0]?.body).toEqual({ transactionid: 'run' }),
    );
  });

  it('ENERGY: an unknown period falls back to DAY; energy and home cost of the window', async () => {
    const seen = api({
      history: () => [
        homeSession({ _id: 'a', startdate: '2026-11-20T01:00:00.000Z' }),
        homeSession({
          _id: 'b',
          startdate: '2026-11-20T18:00:00.000Z',
          homeCharge: { total: 123, rate: 0.245, currency: gbp },
        }),
      ],
    });
    renderCharger('/home-charging/charger/h1?tab=ENERGY&period=FORTNIGHT');
    expect(await screen.findByText('Charger Energy & Costing')).toBeTruthy();
    await waitFor(() =>
      expect(document.querySelector('[data-field="homeCost"] dd')?.textContent).toBe('£1.79'),
    );
    expect(segmentValue('ion-segment.home-periods')).toBe('DAY');
    expect(document.querySelector('[data-field="energy"] dd')?.textContent).toBe('12.4 kWh');
    const request = callsTo(seen, '/getDashboardData')[0]?.body as Record<string, unknown>;
    expect(request).toMatchObject({ chargerid: 'h1', years: false });
    expect(typeof request.startdate).toBe('string');
    expect(screen.getByRole('img', { name: 'Home cost (GBP)' })).toBeTruthy();
  });

  it('ENERGY: YEAR asks for the last year at this charger', async () => {
    const seen = api();
    renderCharger('/home-charging/charger/h1?tab=ENERGY&period=YEAR');
    await waitFor(() => expect(callsTo(seen, '/getDashboardData')).toHaveLength(1));
    expect(segmentValue('ion-segment.home-periods')).toBe('YEAR');
    expect(callsTo(seen, '/getDashboardData')[0]?.body).toMatchObject({
      chargerid: 'h1',
      years: true,
    });
  });

  it('SESSIONS: every session at the charger with its home cost, older ones on demand', async () => {
    const full = Array.from({ length: SESSIONS_PAGE_SIZE }, (_, index) =>
      homeSession({
        _id: `p${index}`,
        startdate: new Date(Date.UTC(2026, 10, 20 - index, 1)).toISOString(),
      }),
    );
    let page = 0;
    const seen = api({
      history: () =>
        page++ === 0
          ? [homeSession({ _id: 'none', homeCharge: null, kwh: 3 }), ...full.slice(1)]
          : [homeSession({ _id: 'old', homeCharge: { total: 999, rate: 0.3, currency: gbp } })],
    });
    renderCharger('/home-charging/charger/h1?tab=SESSIONS');
    expect(await screen.findByText('Charge Sessions')).toBeTruthy();
    const noTariff = (await screen.findAllByText('No home tariff'))[0]?.closest('li');
    expect(noTariff?.querySelector('[data-field="homeCost"]')?.textContent).toBe('–');
    expect(screen.getAllByText('£0.56').length).toBe(SESSIONS_PAGE_SIZE - 1);
    expect(screen.getAllByText('£0.075 / kWh').length).toBe(SESSIONS_PAGE_SIZE - 1);
    await userEvent.click(screen.getByText('Show older sessions'));
    expect(await screen.findByText('£9.99')).toBeTruthy();
    expect(callsTo(seen, '/getChargeHistory')[1]?.body).toMatchObject({
      chargerid: 'h1',
      limit: SESSIONS_PAGE_SIZE,
      startdate: full.at(-1)?.startdate,
      lastid: full.at(-1)?._id,
    });
  });
});
