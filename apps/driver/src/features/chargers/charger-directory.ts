import type { ChargerLiveEvent, ListChargersResponse, ListedConnector } from '@evc/contract';
import { CONNECTOR_TYPES } from '@evc/contract';
import { chargerNameIndex, type ChargerNameIndex } from '@evc/domain';

export type ConnectorType = (typeof CONNECTOR_TYPES)[number];

/** A connector's live state as the list shows it: [number, type, status]. */
export type DirectoryConnector = ListedConnector;

/**
 * The /listChargers answer made ready for searching: columns kept as they came (entry i of each
 * is charger i), names lower-cased once, a bit mask of connector types per charger, and each
 * barcode's position.
 */
export interface ChargerDirectory {
  count: number;
  barcode: readonly string[];
  name: readonly string[];
  lat: readonly number[];
  lon: readonly number[];
  address: readonly string[];
  city: readonly string[];
  postCode: readonly string[];
  online: readonly boolean[];
  free: readonly boolean[];
  connectors: readonly (readonly DirectoryConnector[])[];
  typeMask: Uint8Array;
  nameIndex: ChargerNameIndex;
  positionOf: ReadonlyMap<string, number>;
}

export function connectorTypeBit(type: ConnectorType): number {
  return 1 << CONNECTOR_TYPES.indexOf(type);
}

export function chargerDirectory(list: ListChargersResponse): ChargerDirectory {
  const count = list.count;
  const fill = <T>(column: readonly T[] | undefined, empty: T): readonly T[] =>
    column ?? new Array<T>(count).fill(empty);
  const connectors = fill<readonly DirectoryConnector[]>(list.connectors, []);
  const name = fill(list.name, '');
  const typeMask = new Uint8Array(count);
  const positionOf = new Map<string, number>();
  for (let position = 0; position < count; position += 1) {
    let mask = 0;
    for (const [, type] of connectors[position] ?? []) mask |= connectorTypeBit(type);
    typeMask[position] = mask;
    const barcode = list.barcode[position];
    if (barcode !== undefined) positionOf.set(barcode, position);
  }
  return {
    count,
    barcode: list.barcode,
    name,
    lat: fill(list.lat, Number.NaN),
    lon: fill(list.lon, Number.NaN),
    address: fill(list.address, ''),
    city: fill(list.city, ''),
    postCode: fill(list.post_code, ''),
    online: fill(list.online, true),
    free: fill(list.free, false),
    connectors,
    typeMask,
    nameIndex: chargerNameIndex(name),
    positionOf,
  };
}

/** Pushed statuses by barcode, laid over the list without copying its 100,000 rows. */
export type LiveOverlay = ReadonlyMap<string, ChargerLiveEvent>;

export interface ChargerRowState {
  online: boolean;
  connectors: readonly DirectoryConnector[];
}

/** A charger's online flag and connectors, with the latest pushed event applied. */
export function liveRowState(
  directory: ChargerDirectory,
  position: number,
  overlay: LiveOverlay,
): ChargerRowState {
  const connectors = directory.connectors[position] ?? [];
  const online = directory.online[position] ?? true;
  const live = overlay.get(directory.barcode[position] ?? '');
  if (!live) return { online, connectors };
  const byNumber = new Map(live.connectors.map((entry) => [entry.connectornumber, entry.status]));
  return {
    online: live.online,
    connectors: connectors.map(([number, type, status]): DirectoryConnector => [
      number,
      type,
      byNumber.get(number) ?? status,
    ]),
  };
}
