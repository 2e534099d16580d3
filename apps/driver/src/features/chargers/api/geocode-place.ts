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

/**
 * spec 000 §7: GET search on a Nominatim-compatible geocoder with format json, the query and
 * addressdetails. The first place found, or null: a failure yields an empty result without a
 * location (spec 000 §7), never an error.
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
  try {
    const response = await fetch(url.href, { headers: { Accept: 'application/json' }, signal });
    if (!response.ok) return null;
    return firstPlace(await response.json());
  } catch (error) {
    if (signal?.aborted) throw error;
    return null;
  }
}

/** The place a query names, through the brand's geocoder; disabled for a null query. */
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
