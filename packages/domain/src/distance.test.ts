import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_M, distanceMetres } from './distance.ts';

const oneDegree = (EARTH_RADIUS_M * Math.PI) / 180; // 111194.93 m

describe('distanceMetres (spec 000 §9: Earth radius 6371000 m)', () => {
  it.each([
    ['the same point', { lat: 51.5, lon: -0.12 }, { lat: 51.5, lon: -0.12 }, 0, 0],
    ['one degree of latitude', { lat: 0, lon: 0 }, { lat: 1, lon: 0 }, oneDegree, 0.01],
    [
      'one degree of longitude on the equator',
      { lat: 0, lon: 0 },
      { lat: 0, lon: 1 },
      oneDegree,
      0.01,
    ],
    ['pole to pole', { lat: 90, lon: 0 }, { lat: -90, lon: 0 }, Math.PI * EARTH_RADIUS_M, 0.01],
    [
      'antipodes on the equator',
      { lat: 0, lon: 0 },
      { lat: 0, lon: 180 },
      Math.PI * EARTH_RADIUS_M,
      0.01,
    ],
    ['across the antimeridian', { lat: 0, lon: 179.5 }, { lat: 0, lon: -179.5 }, oneDegree, 0.01],
    // London (51.5074, -0.1278) to Paris (48.8566, 2.3522): about 343.56 km
    [
      'London to Paris',
      { lat: 51.5074, lon: -0.1278 },
      { lat: 48.8566, lon: 2.3522 },
      343_556,
      100,
    ],
  ])('%s', (_label, a, b, expected, tolerance) => {
    expect(Math.abs(distanceMetres(a, b) - expected)).toBeLessThanOrEqual(tolerance);
    expect(Math.abs(distanceMetres(b, a) - expected)).toBeLessThanOrEqual(tolerance);
  });

  it('uses an Earth radius of 6371000 m', () => {
    expect(EARTH_RADIUS_M).toBe(6371000);
  });
});
