import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tariffInput, type ChargerLiveEvent, type ChargerView } from '@evc/contract';
import { setTokens } from '../../session/token-store.ts';
import { json, stubServer } from '../../../test/stub-server.ts';
import { useChargerByBarcode } from './get-charger-by-barcode.ts';

const later = new Date(Date.now() + 3_600_000).toISOString();

const charger: ChargerView = {
  _id: 'c1',
  chargePointId: 'CP-1',
  name: 'Whitby Harbour',
  idTag: { barcode: '7301' },
  chargePointSerialNumber: 'WHB-77',
  chargePointVendor: null,
  chargePointModel: null,
  firmwareVersion: null,
  online: true,
  lastheartbeatat: null,
  address: 'Pier Road',
  city: 'Whitby',
  post_code: 'YO21 3PU',
  country: 'GB',
  lat: 54.4858,
  lon: -0.6153,
  home: false,
  connectors: [
    {
      connectornumber: 1,
      name: 'Connector 1',
      type: 'Type 2',
      maxPowerKw: 22,
      currentStatus: { status: 'Available', errorCode: null, at: null, inTransaction: false },
    },
  ],
  tariff: tariffInput.parse({ standard_rate: 0.39, currency: 'GBP', connection_cost: 25 }),
};

const pushed: ChargerLiveEvent = {
  barcode: '7301',
  online: true,
  connectors: [
    { connectornumber: 1, status: 'Charging', at: '2026-11-23T08:00:00.000Z', inTransaction: true },
  ],
};

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

beforeEach(async () => {
  await setTokens({ auth: { token: 'a', expiry: later }, refresh: { token: 'r', expiry: later } });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useChargerByBarcode', () => {
  it('applies a pushed status to the charger without asking for it again', async () => {
    const seen = stubServer((request) => {
      if (request.url.includes('/events/chargers?barcode=7301')) {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(
              new TextEncoder().encode(`event: charger\ndata: ${JSON.stringify(pushed)}\n\n`),
            );
          },
        });
        return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
      }
      return json(200, { data: charger });
    });
    const { result } = renderHook(() => useChargerByBarcode('7301'), { wrapper });
    await waitFor(() =>
      expect(result.current.data?.connectors[0]?.currentStatus.status).toBe('Charging'),
    );
    expect(result.current.data?.connectors[0]?.currentStatus.at).toBe(pushed.connectors[0]?.at);
    expect(seen.filter((request) => request.url.endsWith('/getChargerByBarcode'))).toHaveLength(1);
  });
});
