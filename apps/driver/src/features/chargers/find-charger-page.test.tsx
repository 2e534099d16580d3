import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import type {
  ChargerLiveEvent,
  ChargerPrice,
  ListChargersResponse,
  TransactionView,
} from '@evc/contract';
import { minuteOfWeek } from '@evc/domain';
import { setUser } from '../../lib/session/session-store.ts';
import { setTokens } from '../../lib/session/token-store.ts';
import { testUser } from '../../test/fixtures.ts';
import { transactionView } from '../../test/transaction-view.ts';
import { typeInto } from '../../test/ionic-events.ts';
import { namedPage, renderWithRouter } from '../../test/render-shell.tsx';
import { json, stubServer, type SeenRequest } from '../../test/stub-server.ts';
import { FindChargerPage } from './find-charger-page.tsx';

const DetailsPage = namedPage('Charger details page');
const page = (
  <Routes>
    <Route path="/findcharger" element={<FindChargerPage />} />
    <Route path="/charger-details/:barcode" element={<DetailsPage />} />
  </Routes>
);

const later = new Date(Date.now() + 3_600_000).toISOString();

/** Three chargers as /listChargers answers them, column by column. */
const chargers: ListChargersResponse = {
  count: 3,
  barcode: ['1001', '7301', '2002'],
  name: ['Leeds Dock', 'Whitby Harbour', 'York Station'],
  lat: [53.7925, 54.4858, 53.958],
  lon: [-1.5333, -0.6153, -1.0931],
  address: ['1 The Boulevard', 'Pier Road', 'Station Road'],
  city: ['Leeds', 'Whitby', 'York'],
  post_code: ['LS10 1PZ', 'YO21 3PU', 'YO24 1AB'],
  online: [true, true, false],
  free: [false, true, false],
  connectors: [
    [
      [1, 'Type 2', 'Charging', 22],
      [2, 'CCS', 'Available', 50],
    ],
    [[1, 'Type 2', 'Available', 7.4]],
    [[1, 'CHAdeMO', 'Available', 50]],
  ],
};

interface Answers {
  permissions?: string[];
  /** Pushed on the live stream; without them the stream is refused and the page polls. */
  events?: ChargerLiveEvent[];
  places?: unknown;
  geocoderStatus?: number;
  /** The driver's latest session (/development/transaction/user/latest). */
  latest?: TransactionView | null;
  /** What /listChargerPrices knows (issue 19); without them it is not found. */
  prices?: ChargerPrice[];
}

function eventStream(events: ChargerLiveEvent[]): Response {
  const text = events.map((event) => `event: charger\ndata: ${JSON.stringify(event)}\n\n`).join('');
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      // Stays open, as the server's stream does.
      controller.enqueue(new TextEncoder().encode(text));
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
}

function serve({
  permissions = [],
  places = [],
  geocoderStatus = 200,
  events,
  latest = null,
  prices,
}: Answers = {}): SeenRequest[] {
  return stubServer((request) => {
    if (request.url.endsWith('/transaction/user/latest')) return json(200, { data: latest });
    // The server says the latest session's connector runs the driver's own transaction.
    if (request.url.endsWith('/checkMyTransactionData')) {
      const { connectorid } = request.body as { connectorid: number };
      const mine = latest && connectorid === latest.connectorid;
      return json(200, {
        data: mine
          ? { transactionId: 1, connectorid, meterStartWh: 0, energyWh: 0, startedAt: null }
          : null,
      });
    }
    if (events && request.url.includes('/events/chargers')) return eventStream(events);
    if (request.url.includes('nominatim')) return json(geocoderStatus, places);
    if (request.url.endsWith('/listChargers')) return json(200, { data: chargers });
    if (prices && request.url.endsWith('/listChargerPrices')) {
      const { barcodes } = request.body as { barcodes: string[] };
      return json(200, { data: { prices: prices.filter((p) => barcodes.includes(p.barcode)) } });
    }
    if (request.url.endsWith('/getVisibilityPermissions')) {
      return json(200, { data: permissions.map((name) => ({ name })) });
    }
    return json(404, { message: 'Not Found', code: 'NOT_FOUND' });
  });
}

/** The rows of the charger list (each holds its own list of connectors). */
function rows(): HTMLElement[] {
  const list = screen.queryByRole('list', { name: 'Chargers found' });
  return list ? [...list.querySelectorAll<HTMLElement>('.finder-row')] : [];
}

function rowNames(): string[] {
  return rows().map((row) => row.querySelector('strong')?.textContent ?? '');
}

async function search(text: string): Promise<void> {
  const bar = document.querySelector('ion-searchbar');
  if (!bar) throw new Error('no search bar');
  // The search waits for a pause in typing: callers wait for the rows it settles on.
  await typeInto(bar, text);
}

// jsdom lays nothing out; the list needs a height to show rows in.
const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, value: 800 });
});
afterAll(() => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
});

beforeEach(async () => {
  await setTokens({ auth: { token: 'a', expiry: later }, refresh: { token: 'r', expiry: later } });
  act(() => setUser(testUser));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('FindChargerPage (spec 000 §2, §4, §5)', () => {
  it('lists every charger with its connectors worded for another driver, Offline overriding', async () => {
    const seen = serve();
    renderWithRouter(page, '/findcharger');
    await screen.findByText('Leeds Dock');
    expect(rowNames()).toEqual(['Leeds Dock', 'Whitby Harbour', 'York Station']);
    const leeds = rows()[0] as HTMLElement;
    expect(within(leeds).getByText('In use')).toBeTruthy();
    expect(within(leeds).getByText('1 The Boulevard, Leeds, LS10 1PZ')).toBeTruthy();
    const whitby = rows()[1] as HTMLElement;
    expect(within(whitby).getByText('Free')).toBeTruthy();
    const york = rows()[2] as HTMLElement;
    expect(within(york).getByText('Offline')).toBeTruthy();
    // Issue 19: the fastest connector's power and how many connectors are free now.
    const facts = (row: HTMLElement) => row.querySelector('.finder-row__facts')?.textContent;
    expect(facts(leeds)).toBe('50\u00a0kW1 of 2 available');
    expect(facts(whitby)).toBe('7.4\u00a0kW1 of 1 availableFree');
    expect(facts(york)).toBe('50\u00a0kW0 of 1 available');
    const list = seen.find((request) => request.url.endsWith('/listChargers'));
    expect(list?.body).toMatchObject({
      permission_name: 'CHARGER_CHARGE_AT',
      populate: ['connectors'],
    });
  });

  it('shows the price now on each row, the rows on screen priced in one call (issue 19)', async () => {
    // Leeds: 30p/kWh until the minute after now, 52p/kWh from then; York: €0.45 all week.
    const minute = minuteOfWeek(new Date());
    const seen = serve({
      prices: [
        {
          barcode: '1001',
          currency: 'GBP',
          free: false,
          steps:
            minute < 10079
              ? [
                  [0, 0.3],
                  [minute + 1, 0.52],
                ]
              : [
                  [0, 0.52],
                  [minute, 0.3],
                ],
        },
        { barcode: '2002', currency: 'EUR', free: false, steps: [[0, 0.45]] },
        { barcode: '7301', currency: 'GBP', free: true, steps: [[0, 0]] },
      ],
    });
    renderWithRouter(page, '/findcharger');
    await screen.findByText('Now 30p/kWh');
    const price = (row: HTMLElement) => row.querySelector('.finder-row__price')?.textContent;
    const [leeds, whitby, york] = rows() as [HTMLElement, HTMLElement, HTMLElement];
    expect(price(leeds)).toBe('Now 30p/kWh');
    await waitFor(() => expect(price(york)).toBe('€0.45/kWh'));
    // A free charger says Free once, not a price of nothing.
    expect(price(whitby)).toBeUndefined();
    expect(within(whitby).getAllByText('Free')).toHaveLength(1);
    const asked = seen.filter((request) => request.url.endsWith('/listChargerPrices'));
    // Together, in one call; Whitby's Free comes with the list, so its price is not asked for.
    // (A previous test's rows may have asked too, through this test's server.)
    expect(asked.map((request) => request.body)).toContainEqual({ barcodes: ['1001', '2002'] });
    expect(
      asked.flatMap((request) => (request.body as { barcodes: string[] }).barcodes),
    ).not.toContain('7301');
  });

  it("words the connector charging the driver's own session as its owner sees it (000 §4)", async () => {
    const seen = serve({ latest: transactionView({ barcode: '1001', connectorid: 1 }) });
    renderWithRouter(page, '/findcharger');
    await screen.findByText('Leeds Dock');
    const leeds = rows()[0] as HTMLElement;
    expect(await within(leeds).findByText('Charging')).toBeTruthy();
    expect(within(leeds).queryByText('In use')).toBeNull();
    const asked = seen.filter((request) => request.url.endsWith('/checkMyTransactionData'));
    expect(asked.map((request) => request.body)).toEqual([
      { chargerid: transactionView().chargerid, connectorid: 1 },
    ]);
  });

  it('searches by name, ignoring case', async () => {
    serve();
    const errors = vi.spyOn(console, 'error');
    renderWithRouter(page, '/findcharger');
    await screen.findByText('Leeds Dock');
    await search('harbour');
    await waitFor(() => expect(rowNames()).toEqual(['Whitby Harbour']));
    // While the list shrinks, no row stands for a charger it does not have (shown twice).
    const twice = errors.mock.calls.filter((call) => String(call[0]).includes('same key'));
    errors.mockRestore();
    expect(twice).toEqual([]);
  });

  it('treats a 4-digit number as a barcode and opens that charger when tapped', async () => {
    serve();
    renderWithRouter(page, '/findcharger');
    await screen.findByText('Leeds Dock');
    await search('7301');
    await waitFor(() => expect(rowNames()).toEqual(['Whitby Harbour']));
    fireEvent.click(screen.getByRole('button', { name: /Whitby Harbour/ }));
    expect(await screen.findByText('Charger details page')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/charger-details/7301');
  });

  it('geocodes a postcode with the UK appended and lists the nearest charger first', async () => {
    const seen = serve({ places: [{ lat: '53.9600', lon: '-1.0873', display_name: 'York' }] });
    renderWithRouter(page, '/findcharger');
    await screen.findByText('Leeds Dock');
    await search('yo1 7hh');
    await waitFor(() => expect(rowNames()[0]).toBe('York Station'));
    expect(rowNames()).toEqual(['York Station', 'Leeds Dock', 'Whitby Harbour']);
    const lookup = new URL(seen.find((request) => request.url.includes('nominatim'))?.url ?? '');
    expect(lookup.searchParams.get('q')).toBe('YO1 7HH, UK');
    expect(lookup.searchParams.get('format')).toBe('json');
    expect(lookup.searchParams.get('addressdetails')).toBe('1');
    // Distances are measured from the place found, in miles for English.
    const york = rows()[0] as HTMLElement;
    expect(york.textContent).toMatch(/0\.\d\smi/);
  });

  it('lists the charger printing a postcode even while the geocoder is down (issue 19)', async () => {
    serve({ geocoderStatus: 503 });
    renderWithRouter(page, '/findcharger');
    await screen.findByText('Leeds Dock');
    await search('ls101pz');
    await waitFor(() => expect(rowNames()).toEqual(['Leeds Dock']));
  });

  it('asks the geocoder again after a failure instead of keeping it (issue 19)', async () => {
    let status = 503;
    const seen = stubServer((request) => {
      if (request.url.includes('nominatim')) {
        return json(status, [{ lat: '53.9600', lon: '-1.0873', display_name: 'York' }]);
      }
      if (request.url.endsWith('/listChargers')) return json(200, { data: chargers });
      if (request.url.endsWith('/transaction/user/latest')) return json(200, { data: null });
      if (request.url.endsWith('/getVisibilityPermissions')) return json(200, { data: [] });
      return json(404, { message: 'Not Found', code: 'NOT_FOUND' });
    });
    renderWithRouter(page, '/findcharger');
    await screen.findByText('Leeds Dock');
    await search('Harrogate');
    expect(await screen.findByText('No chargers found')).toBeTruthy();
    status = 200;
    const lookups = () => seen.filter((request) => request.url.includes('nominatim'));
    await search('Harrogat');
    await waitFor(() => expect(lookups()).toHaveLength(2));
    await search('Harrogate');
    await waitFor(() => expect(lookups()).toHaveLength(3));
    await waitFor(() => expect(rowNames()[0]).toBe('York Station'));
    expect(lookups().map((request) => new URL(request.url).searchParams.get('q'))).toEqual([
      'Harrogate, UK',
      'Harrogat, UK',
      'Harrogate, UK',
    ]);
  });

  it('says No chargers found when the geocoder fails', async () => {
    serve({ geocoderStatus: 503 });
    renderWithRouter(page, '/findcharger');
    await screen.findByText('Leeds Dock');
    await search('Harrogate');
    expect(await screen.findByText('No chargers found')).toBeTruthy();
    expect(rowNames()).toEqual([]);
  });

  it('hides the connector filters unless CHARGER_FILTERS is on', async () => {
    serve();
    renderWithRouter(page, '/findcharger');
    await screen.findByText('Leeds Dock');
    expect(screen.queryByRole('group', { name: 'Connector types' })).toBeNull();
  });

  it('filters by connector type when CHARGER_FILTERS is on', async () => {
    serve({ permissions: ['CHARGER_FILTERS'] });
    renderWithRouter(page, '/findcharger');
    const filters = await screen.findByRole('group', { name: 'Connector types' });
    expect(
      within(filters)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['Type 2', 'CCS', 'CHAdeMO', 'J1772']);
    fireEvent.click(within(filters).getByText('CHAdeMO'));
    await waitFor(() => expect(rowNames()).toEqual(['York Station']));
    fireEvent.click(within(filters).getByText('J1772'));
    fireEvent.click(within(filters).getByText('CHAdeMO'));
    expect(await screen.findByText('No chargers found')).toBeTruthy();
  });

  it('shows a pushed status change without reloading the list', async () => {
    const seen = serve({
      events: [
        {
          barcode: '1001',
          online: true,
          connectors: [
            { connectornumber: 1, status: 'Available', at: null, inTransaction: false },
            { connectornumber: 2, status: 'Faulted', at: null, inTransaction: false },
          ],
        },
      ],
    });
    renderWithRouter(page, '/findcharger');
    await screen.findByText('Leeds Dock');
    const leeds = () => rows()[0] as HTMLElement;
    await waitFor(() => expect(within(leeds()).getByText('Faulted')).toBeTruthy());
    expect(within(leeds()).getByText('Available')).toBeTruthy();
    expect(within(leeds()).queryByText('In use')).toBeNull();
    expect(seen.filter((request) => request.url.endsWith('/listChargers'))).toHaveLength(1);
  });

  it('Near me asks for the location only when pressed, then sorts by distance from the device', async () => {
    const asked = vi.fn<Geolocation['getCurrentPosition']>((success) => {
      // In York, 0.3 mi from its station.
      success({ coords: { latitude: 53.9599, longitude: -1.0873 } } as GeolocationPosition);
    });
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: { getCurrentPosition: asked },
      permissions: { query: () => Promise.resolve({ state: 'prompt' }) },
    });
    serve();
    renderWithRouter(page, '/findcharger');
    await screen.findByText('Leeds Dock');
    expect(asked).not.toHaveBeenCalled();
    expect(rowNames()).toEqual(['Leeds Dock', 'Whitby Harbour', 'York Station']);
    fireEvent.click(screen.getByText('Near me'));
    await waitFor(() =>
      expect(rowNames()).toEqual(['York Station', 'Leeds Dock', 'Whitby Harbour']),
    );
    expect(asked).toHaveBeenCalledOnce();
    const distances = rows().map((row) => row.querySelector('.finder-row__distance')?.textContent);
    expect(distances).toEqual(['0.3 mi', '22 mi', '41 mi']);
  });

  it('reads the location on opening when the driver has already allowed it', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (success: PositionCallback) =>
          success({ coords: { latitude: 54.4858, longitude: -0.6153 } } as GeolocationPosition),
      },
      permissions: { query: () => Promise.resolve({ state: 'granted' }) },
    });
    serve();
    renderWithRouter(page, '/findcharger');
    await waitFor(() => expect(rowNames()[0]).toBe('Whitby Harbour'));
  });

  it('says the location is not available when the driver refuses it', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (_success: PositionCallback, failure: PositionErrorCallback) =>
          failure({ code: 1, message: 'denied' } as GeolocationPositionError),
      },
      permissions: { query: () => Promise.resolve({ state: 'prompt' }) },
    });
    serve();
    renderWithRouter(page, '/findcharger');
    await screen.findByText('Leeds Dock');
    fireEvent.click(screen.getByText('Near me'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your location is not available. Allow location access to see the chargers nearest you.',
    );
    expect(rowNames()).toEqual(['Leeds Dock', 'Whitby Harbour', 'York Station']);
  });
});
