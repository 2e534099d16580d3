import { distanceMetres, type GeoPoint } from './distance.ts';

/** A full UK postcode, e.g. 'LS10 1PZ', 'SW1A1AA', 'm1 1ae' (outward code, optional space, inward). */
export const UK_POSTCODE_PATTERN = /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i;
/** spec 000 §5: a 4-digit number at the end of the query is a charger's barcode. */
const TRAILING_BARCODE = /(?:^|\D)(\d{4})$/;
const HAS_LETTER = /\p{L}/u;

/** spec 000 §5: the geocoding lookup has the UK appended. */
export const GEOCODER_COUNTRY_SUFFIX = ', UK';

/**
 * What a query that matched no charger name asks for (spec 000 §5): a barcode, a UK postcode or a
 * place name to geocode (with the UK appended), or nothing at all.
 */
export type ChargerQueryFallback =
  | { kind: 'barcode'; barcode: string }
  | { kind: 'postcode'; postcode: string; geocoderQuery: string }
  | { kind: 'place'; geocoderQuery: string }
  | { kind: 'nothing' };

export function chargerQueryFallback(query: string): ChargerQueryFallback {
  const text = query.trim().replace(/\s+/g, ' ');
  const barcode = TRAILING_BARCODE.exec(text)?.[1];
  if (barcode) return { kind: 'barcode', barcode };
  if (UK_POSTCODE_PATTERN.test(text)) {
    const compact = text.replace(/ /g, '').toUpperCase();
    const postcode = `${compact.slice(0, -3)} ${compact.slice(-3)}`;
    return {
      kind: 'postcode',
      postcode,
      geocoderQuery: `${postcode}${GEOCODER_COUNTRY_SUFFIX}`,
    };
  }
  if (HAS_LETTER.test(text)) {
    return { kind: 'place', geocoderQuery: `${text}${GEOCODER_COUNTRY_SUFFIX}` };
  }
  return { kind: 'nothing' };
}

const postcodeKey = (postcode: string) => postcode.replace(/\s+/g, '').toUpperCase();

/**
 * Issue 19: the chargers whose own card prints the postcode searched for (spaces and case aside),
 * in the order given (e.g. nearest the postcode's place first). They are found without the
 * geocoder, so they are listed even when it is down.
 */
export function chargersWithPostcode(
  postCodes: readonly string[],
  postcode: string,
  order: ArrayLike<number>,
): number[] {
  const wanted = postcodeKey(postcode);
  const found: number[] = [];
  for (let at = 0; at < order.length; at += 1) {
    const position = order[at] ?? 0;
    const own = postCodes[position];
    if (own !== undefined && own !== '' && postcodeKey(own) === wanted) found.push(position);
  }
  return found;
}

/**
 * Issue 19: what a postcode search lists. The chargers bearing the postcode first, then, when the
 * geocoder found its place, every other charger nearest that place first (`placeOrder`); when it
 * did not (down, or the postcode unknown to it), those chargers alone.
 */
export function postcodeResults(
  exact: readonly number[],
  placeOrder: ArrayLike<number> | null,
): number[] {
  if (!placeOrder) return [...exact];
  const listed = new Set(exact);
  const rest: number[] = [];
  for (let at = 0; at < placeOrder.length; at += 1) {
    const position = placeOrder[at] ?? 0;
    if (!listed.has(position)) rest.push(position);
  }
  return [...exact, ...rest];
}

/** Charger names lower-cased once, so that each keystroke only compares. */
export interface ChargerNameIndex {
  readonly lowerNames: readonly string[];
}

export function chargerNameIndex(names: readonly string[]): ChargerNameIndex {
  return { lowerNames: names.map((name) => name.toLowerCase()) };
}

/** The outcome of a search: positions into the charger list, or what to do when no name matched. */
export type ChargerSearchResult =
  { kind: 'all' } | { kind: 'names'; matches: number[] } | ChargerQueryFallback;

/**
 * spec 000 §5: an empty query returns everything; otherwise the chargers whose name contains the
 * query, ignoring case; if none does, the query's fallback (barcode, postcode, place, nothing).
 * `order` lists positions in the order results are wanted (e.g. nearest first); by default the
 * list's own order.
 */
export function searchChargers(
  index: ChargerNameIndex,
  query: string,
  order?: ArrayLike<number>,
): ChargerSearchResult {
  const needle = query.trim().toLowerCase();
  if (needle === '') return { kind: 'all' };
  const names = index.lowerNames;
  const matches: number[] = [];
  if (order) {
    for (let at = 0; at < order.length; at += 1) {
      const position = order[at] ?? 0;
      if (names[position]?.includes(needle)) matches.push(position);
    }
  } else {
    for (let position = 0; position < names.length; position += 1) {
      if (names[position]?.includes(needle)) matches.push(position);
    }
  }
  if (matches.length > 0) return { kind: 'names', matches };
  return chargerQueryFallback(query);
}

/**
 * Positions 0..n-1 ordered by distance from `from` (spec 000 §9, Earth radius 6371000 m), with
 * their distances in metres. Chargers without coordinates go last.
 */
export function orderByDistance(
  lats: ArrayLike<number>,
  lons: ArrayLike<number>,
  from: GeoPoint,
): { order: Uint32Array; metres: Float64Array } {
  const count = Math.min(lats.length, lons.length);
  const metres = new Float64Array(count);
  for (let position = 0; position < count; position += 1) {
    const lat = lats[position];
    const lon = lons[position];
    metres[position] =
      lat === undefined || lon === undefined || !Number.isFinite(lat) || !Number.isFinite(lon)
        ? Number.POSITIVE_INFINITY
        : distanceMetres(from, { lat, lon });
  }
  const order = new Uint32Array(count);
  for (let position = 0; position < count; position += 1) order[position] = position;
  order.sort((a, b) => {
    const left = metres[a] ?? 0;
    const right = metres[b] ?? 0;
    return left === right ? a - b : left < right ? -1 : 1;
  });
  return { order, metres };
}
