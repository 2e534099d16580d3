import { useEffect, useMemo, useState } from 'react';
import {
  chargersWithPostcode,
  orderByDistance,
  postcodeResults,
  searchChargers,
  type GeoPoint,
} from '@evc/domain';
import { useGeocodedPlace } from './api/geocode-place.ts';
import type { ChargerDirectory } from './charger-directory.ts';

/** Keystrokes closer together than this are searched once. */
export const SEARCH_DEBOUNCE_MS = 120;

export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

export interface ChargerSearchView {
  /** Positions into the directory, in display order. */
  positions: ArrayLike<number>;
  /** Where distances are measured from: the geocoded place, else the device; null if neither. */
  origin: GeoPoint | null;
  /** The geocoder is being asked. */
  locating: boolean;
  /** The query was a barcode that exists: its position. */
  barcodeHit: number | null;
}

function identityOrder(count: number): Uint32Array {
  const order = new Uint32Array(count);
  for (let position = 0; position < count; position += 1) order[position] = position;
  return order;
}

/**
 * spec 000 §5 over the loaded list: name matches nearest first, else the barcode, else the
 * geocoded place (chargers sorted by distance from it); then the connector-type filter.
 * `typeMask` 0 means no filter.
 */
export function useChargerSearch(
  directory: ChargerDirectory | undefined,
  query: string,
  device: GeoPoint | null,
  typeMask: number,
): ChargerSearchView {
  const settledQuery = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const deviceOrder = useMemo(() => {
    if (!directory) return new Uint32Array(0);
    return device
      ? orderByDistance(directory.lat, directory.lon, device).order
      : identityOrder(directory.count);
  }, [directory, device]);

  const result = useMemo(
    () => (directory ? searchChargers(directory.nameIndex, settledQuery, deviceOrder) : null),
    [directory, settledQuery, deviceOrder],
  );
  const geocoderQuery =
    result && (result.kind === 'postcode' || result.kind === 'place') ? result.geocoderQuery : null;
  const place = useGeocodedPlace(geocoderQuery);
  const placePoint = geocoderQuery ? (place.data ?? null) : null;

  const placeOrder = useMemo(
    () =>
      directory && placePoint
        ? orderByDistance(directory.lat, directory.lon, placePoint).order
        : null,
    [directory, placePoint],
  );

  return useMemo((): ChargerSearchView => {
    const empty: ArrayLike<number> = [];
    let positions: ArrayLike<number> = empty;
    let barcodeHit: number | null = null;
    if (directory && result) {
      switch (result.kind) {
        case 'all':
          positions = deviceOrder;
          break;
        case 'names':
          positions = result.matches;
          break;
        case 'barcode': {
          const position = directory.positionOf.get(result.barcode);
          barcodeHit = position ?? null;
          positions = position === undefined ? empty : [position];
          break;
        }
        case 'postcode':
          // The chargers printing the postcode are found without the geocoder (issue 19).
          positions = postcodeResults(
            chargersWithPostcode(directory.postCode, result.postcode, placeOrder ?? deviceOrder),
            placeOrder,
          );
          break;
        case 'place':
          positions = placeOrder ?? empty;
          break;
        case 'nothing':
          break;
      }
    }
    if (directory && typeMask !== 0 && positions.length > 0) {
      const kept: number[] = [];
      for (let at = 0; at < positions.length; at += 1) {
        const position = positions[at] ?? 0;
        if (((directory.typeMask[position] ?? 0) & typeMask) !== 0) kept.push(position);
      }
      positions = kept;
    }
    return {
      positions,
      origin: placePoint ?? device,
      locating: geocoderQuery !== null && place.isFetching,
      barcodeHit,
    };
  }, [
    directory,
    result,
    deviceOrder,
    placeOrder,
    typeMask,
    placePoint,
    device,
    geocoderQuery,
    place.isFetching,
  ]);
}
