import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubServer } from '../../../test/stub-server.ts';
import { GeocoderUnavailable, geocodePlace } from './geocode-place.ts';

const GEOCODER = 'https://geocoder.example.com/search';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('geocodePlace (spec 000 §7)', () => {
  it('asks with format json, the query and addressdetails, and reads the first place', async () => {
    const seen = stubServer(() =>
      json(200, [
        { lat: '53.9600', lon: '-1.0873', display_name: 'York' },
        { lat: '40.7', lon: '-74.0', display_name: 'New York' },
      ]),
    );
    await expect(geocodePlace(GEOCODER, 'York, UK')).resolves.toEqual({ lat: 53.96, lon: -1.0873 });
    const url = new URL(seen[0]?.url ?? '');
    expect(url.origin + url.pathname).toBe(GEOCODER);
    expect(url.searchParams.get('format')).toBe('json');
    expect(url.searchParams.get('q')).toBe('York, UK');
    expect(url.searchParams.get('addressdetails')).toBe('1');
  });

  it.each([
    ['no place found', () => json(200, [])],
    ['an answer of another shape', () => json(200, { lat: 1, lon: 2 })],
    ['coordinates that are no numbers', () => json(200, [{ lat: 'north', lon: 'west' }])],
  ])('fails soft on %s: no location', async (_case, answer) => {
    stubServer(answer);
    await expect(geocodePlace(GEOCODER, 'Nowhere, UK')).resolves.toBeNull();
  });

  // Issue 19: a failure is no answer to keep; the page shows no location and asks again later.
  it('says the geocoder is unavailable on an error status', async () => {
    stubServer(() => json(503, { error: 'busy' }));
    await expect(geocodePlace(GEOCODER, 'York, UK')).rejects.toBeInstanceOf(GeocoderUnavailable);
  });

  it('says the geocoder is unavailable when it cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(geocodePlace(GEOCODER, 'York, UK')).rejects.toBeInstanceOf(GeocoderUnavailable);
  });
});
