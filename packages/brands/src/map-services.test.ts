import { describe, expect, it } from 'vitest';
import { DEFAULT_GEOCODER_URL, defineBrand } from './brand-schema.ts';
import { evCharge } from './brands/evcharge.ts';
import { resolveBrand } from './resolve.ts';

describe('map style and geocoder per brand', () => {
  it('defaults to the public Nominatim search and the built-in base map (no style URL)', () => {
    const { brand } = resolveBrand('localhost');
    expect(brand.geocoderUrl).toBe(DEFAULT_GEOCODER_URL);
    expect(brand.mapStyleUrl).toBeUndefined();
  });

  it('carries a brand’s own style and geocoder to the app', () => {
    const definition = defineBrand({
      ...evCharge,
      id: 'mapped',
      mapStyleUrl: 'https://tiles.example.com/style.json',
      geocoderUrl: 'http://localhost:7070/search',
    });
    expect(definition.mapStyleUrl).toBe('https://tiles.example.com/style.json');
    expect(definition.geocoderUrl).toBe('http://localhost:7070/search');
  });

  it('refuses an address that is not http(s), naming the field', () => {
    expect(() =>
      defineBrand({ ...evCharge, id: 'broken', geocoderUrl: 'ftp://geo.example.com' }),
    ).toThrow(/geocoderUrl/);
  });
});
