import Supercluster, { type PointFeature } from 'supercluster';

/** The app's clustering: 60 px circles, points shown one by one from zoom 17. */
export const CLUSTER_OPTIONS = { radius: 60, maxZoom: 16, minPoints: 2 } as const;

export interface ChargerPointProps {
  /** Position of the charger in the directory. */
  position: number;
  /** 1 when a connector of the charger is free now, else 0. */
  available: number;
}

/** What a cluster adds up from its chargers: how many have a free connector. */
interface ClusterTotals {
  available: number;
}

export type ClusterIndex = Supercluster<ChargerPointProps, ClusterTotals>;

/** What the map draws: a cluster (count, zoom that splits it) or one charger. */
export type MapCluster =
  | {
      kind: 'cluster';
      id: number;
      count: number;
      /** Chargers in it with a connector free now. */
      available: number;
      lon: number;
      lat: number;
      expansionZoom: number;
    }
  | { kind: 'charger'; position: number; lon: number; lat: number };

/**
 * Indexes the chargers at these positions; those without coordinates are left off the map.
 * `available` flags, by directory position, the chargers with a connector free now.
 */
export function buildClusterIndex(
  lons: ArrayLike<number>,
  lats: ArrayLike<number>,
  positions: ArrayLike<number>,
  available: ArrayLike<number> = [],
): ClusterIndex {
  const points: PointFeature<ChargerPointProps>[] = [];
  for (let at = 0; at < positions.length; at += 1) {
    const position = positions[at] ?? 0;
    const lon = lons[position];
    const lat = lats[position];
    if (lon === undefined || lat === undefined || !Number.isFinite(lon) || !Number.isFinite(lat)) {
      continue;
    }
    points.push({
      type: 'Feature',
      properties: { position, available: available[position] ?? 0 },
      geometry: { type: 'Point', coordinates: [lon, lat] },
    });
  }
  return new Supercluster<ChargerPointProps, ClusterTotals>({
    ...CLUSTER_OPTIONS,
    map: (props) => ({ available: props.available }),
    reduce: (totals, props) => {
      totals.available += props.available;
    },
  }).load(points);
}

/** The clusters and single chargers inside [west, south, east, north] at a zoom. */
export function clustersIn(
  index: ClusterIndex,
  bbox: [number, number, number, number],
  zoom: number,
): MapCluster[] {
  return index.getClusters(bbox, Math.round(zoom)).map((feature): MapCluster => {
    const [lon = 0, lat = 0] = feature.geometry.coordinates;
    const properties = feature.properties;
    if ('cluster' in properties && properties.cluster) {
      return {
        kind: 'cluster',
        id: properties.cluster_id,
        count: properties.point_count,
        available: properties.available,
        lon,
        lat,
        expansionZoom: index.getClusterExpansionZoom(properties.cluster_id),
      };
    }
    return { kind: 'charger', position: (properties as ChargerPointProps).position, lon, lat };
  });
}
