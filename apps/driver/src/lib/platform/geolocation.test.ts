import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentPosition } from './geolocation.ts';

function stubGeolocation(getCurrentPosition: Geolocation['getCurrentPosition']) {
  vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('currentPosition', () => {
  it('answers the fix the device gives', async () => {
    stubGeolocation((success) => {
      success({ coords: { latitude: 53.8, longitude: -1.55 } } as GeolocationPosition);
    });
    await expect(currentPosition()).resolves.toEqual({ lat: 53.8, lon: -1.55 });
  });

  it('fails soft with null when the driver denies it', async () => {
    stubGeolocation((_success, failure) => {
      failure?.({ code: 1, message: 'denied' } as GeolocationPositionError);
    });
    await expect(currentPosition()).resolves.toBeNull();
  });
});
