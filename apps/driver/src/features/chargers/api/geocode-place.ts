import { useQuery } from '@tanstack/react-query';
import type { GeoPoint } from '@evc/domain';
import { useBrand } from '../../../lib/brand.ts';

/** Nominatim answers an array of places whose lat and lon are decimal strings. */
function firstPlace(body: unknown): GeoPoint | null {
  if (!Array.isArray(body)) return null;
  const place: unknown = body[0];
  if (typeof place !== 'object' || place === null) return null;
  const { lat, lon } = place as { lat?: unknown; lon?: unknown };
  const point = { lat: Number(lat), lon: Number(lon) };
  const valid =
    (typeof lat === 'string' || typeof lat === 'number') &&
    (typeof lon === 'string' || typeof lon === 'number') &&
    Math.abs(point.lat) <= 90 &&
    Math.abs(point.lon) <= 180;
  return valid ? point : null;
}

/** The geocoder could not answer (down, refused, or unreachable): worth asking again later. */
export class GeocoderUnavailable extends Error {
  constructor(reason: string) {
    super(`geocoder unavailable: ${reason}`);
    this.name = 'GeocoderUnavailable';
  }
}

/**
 * spec 000 §7: GET search on a Nominatim-compatible geocoder with format json, the query and
 * addressdetails. The first place found, or null when it knows no such place. A failure yields an
 * empty result without a location (spec 000 §7) on screen, but is thrown as GeocoderUnavailable
 * so that it is not kept as an answer: the same search asks again (issue 19).
 */
export async function geocodePlace(
  geocoderUrl: string,
  query: string,
  signal?: AbortSignal,
): Promise<GeoPoint | null> {
  const url = new URL(geocoderUrl);
  url.searchParams.set('format', 'json');
  url.searchParams.set('q', query);
  url.searchParams.set('addressdetails', '1');
  url.searchParams.set('limit', '1');
  let body: unknown;
  try {
    const response = await fetch(url.href, { headers: { Accept: 'application/json' }, signal });
    if (!response.ok) throw new GeocoderUnavailable(`status ${response.status}`);
    body = await response.json();
  } catch (error) {
    if (signal?.aborted || error instanceof GeocoderUnavailable) throw error;
    throw new GeocoderUnavailable(error instanceof Error ? error.message : 'no answer');
  }
  return firstPlace(body);
}

/**
 * The place a query names, through the brand's geocoder; disabled for a null query. A place found
 * (or known not to exist) is kept; a failure is not, so the next time the query is searched the
 * geocoder is asked again.
 */
export function useGeocodedPlace(query: string | null) {
  const { brand } = useBrand();
  return useQuery({
    queryKey: ['geocode', brand.geocoderUrl, query],
    queryFn: ({ signal }) => geocodePlace(brand.geocoderUrl, query ?? '', signal),
    enabled: query !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
