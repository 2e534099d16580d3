import { useEffect, useState } from 'react';
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

/** The device position once asked for on mount; null until known, and when denied. */
export function useDevicePosition(): GeoPoint | null {
  const [position, setPosition] = useState<GeoPoint | null>(null);
  useEffect(() => {
    let live = true;
    void currentPosition().then((found) => {
      if (live && found) setPosition(found);
    });
    return () => {
      live = false;
    };
  }, []);
  return position;
}
