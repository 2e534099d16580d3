import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChargerPrice } from '@evc/contract';
import { setTokens } from '../../../lib/session/token-store.ts';
import { json, stubServer } from '../../../test/stub-server.ts';
import { loadChargerPrice } from './charger-prices.ts';

const later = new Date(Date.now() + 3_600_000).toISOString();
const price = (barcode: string): ChargerPrice => ({
  barcode,
  currency: 'GBP',
  free: false,
  steps: [[0, 0.45]],
});

beforeEach(async () => {
  await setTokens({ auth: { token: 'a', expiry: later }, refresh: { token: 'r', expiry: later } });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('loadChargerPrice (issue 19: prices of the chargers on screen)', () => {
  it('gathers the prices asked for together into calls of at most 50 barcodes', async () => {
    const seen = stubServer((request) => {
      const { barcodes } = request.body as { barcodes: string[] };
      // 1003 is gone since the list loaded: the server leaves it out.
      const known = barcodes.filter((barcode) => barcode !== '1003');
      return json(200, { data: { prices: known.map(price) } });
    });
    const barcodes = Array.from({ length: 60 }, (_, i) => String(1000 + i));
    const answers = await Promise.all([...barcodes, '1001'].map(loadChargerPrice));
    expect(answers[1]).toEqual(price('1001'));
    expect(answers[3]).toBeNull();
    expect(answers[60]).toEqual(price('1001'));
    expect(seen.map((request) => (request.body as { barcodes: string[] }).barcodes)).toEqual([
      barcodes.slice(0, 50),
      barcodes.slice(50),
    ]);
  });

  it('fails every price of a call that failed, so they are asked for again later', async () => {
    stubServer(() => json(503, { code: 'UNAVAILABLE', message: 'Service Unavailable' }));
    const answers = await Promise.allSettled(['2001', '2002'].map(loadChargerPrice));
    expect(answers.map((answer) => answer.status)).toEqual(['rejected', 'rejected']);
  });
});
