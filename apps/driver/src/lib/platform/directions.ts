import { Capacitor } from '@capacitor/core';
import type { GeoPoint } from '@evc/domain';

export type MapsPlatform = 'android' | 'ios' | 'web';

/**
 * Where the platform's maps app takes a driver to a point: Android's geo: intent (any maps app
 * the driver chose answers it), Apple Maps on iOS, Google Maps' directions link in a browser.
 */
export function directionsUrl(to: GeoPoint, label: string, platform: MapsPlatform): string {
  const at = `${to.lat},${to.lon}`;
  switch (platform) {
    case 'android':
      return `geo:${at}?q=${at}(${encodeURIComponent(label)})`;
    case 'ios':
      return `https://maps.apple.com/?daddr=${at}&q=${encodeURIComponent(label)}`;
    case 'web':
      return `https://www.google.com/maps/dir/?api=1&destination=${at}`;
  }
}

export function mapsPlatform(): MapsPlatform {
  const platform = Capacitor.getPlatform();
  return platform === 'android' || platform === 'ios' ? platform : 'web';
}

/** Opens the platform's maps app with directions to the point. */
export function openDirections(to: GeoPoint, label: string): void {
  const platform = mapsPlatform();
  const url = directionsUrl(to, label, platform);
  if (platform === 'web') window.open(url, '_blank', 'noopener');
  else window.location.href = url;
}
