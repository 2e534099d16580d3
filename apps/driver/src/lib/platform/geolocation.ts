import { useCallback, useEffect, useState } from 'react';
import type { GeoPoint } from '@evc/domain';

/**
 * The device's position, or null when it is unknown (no permission, no fix, no support).
 * The web API also serves the Capacitor shell, whose web view exposes navigator.geolocation, so
 * one implementation covers web, PWA and phones until a native plugin is added.
 */
export function currentPosition(timeoutMs = 10_000): Promise<GeoPoint | null> {
  const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
  if (!geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    try {
      geolocation.getCurrentPosition(
        (position) => resolve({ lat: position.coords.latitude, lon: position.coords.longitude }),
        () => resolve(null),
        { enableHighAccuracy: false, maximumAge: 5 * 60_000, timeout: timeoutMs },
      );
    } catch {
      resolve(null);
    }
  });
}

/**
 * Whether the driver has already allowed the location: then it is read without asking. Where the
 * Permissions API is missing (some web views) the answer is unknown, and the page asks as before.
 */
async function locationAllowed(): Promise<boolean | null> {
  const permissions = typeof navigator === 'undefined' ? undefined : navigator.permissions;
  if (!permissions) return null;
  try {
    return (await permissions.query({ name: 'geolocation' })).state === 'granted';
  } catch {
    return null;
  }
}

export type NearMeState = 'idle' | 'locating' | 'found' | 'unavailable';

export interface NearMe {
  position: GeoPoint | null;
  state: NearMeState;
  /** Asks for the device's location (the platform's permission prompt the first time). */
  locate: () => Promise<GeoPoint | null>;
}

/**
 * The device's position for "Near me": read on mount when the location is already allowed (no
 * prompt on opening a page), and asked for when the driver presses the button.
 */
export function useNearMe(): NearMe {
  const [position, setPosition] = useState<GeoPoint | null>(null);
  const [state, setState] = useState<NearMeState>('idle');
  const locate = useCallback(async () => {
    setState('locating');
    const found = await currentPosition();
    setPosition((previous) => found ?? previous);
    setState(found ? 'found' : 'unavailable');
    return found;
  }, []);
  useEffect(() => {
    let live = true;
    void locationAllowed().then(async (allowed) => {
      if (!live || allowed === false) return;
      const found = await currentPosition();
      if (live && found) {
        setPosition(found);
        setState('found');
      }
    });
    return () => {
      live = false;
    };
  }, []);
  return { position, state, locate };
}
