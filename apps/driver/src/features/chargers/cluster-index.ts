import Supercluster, { type ClusterFeature, type PointFeature } from 'supercluster';

/** The app's clustering: 60 px circles, points shown one by one from zoom 17. */
export const CLUSTER_OPTIONS = { radius: 60, maxZoom: 16, minPoints: 2 } as const;

const WORLD: [number, number, number, number] = [-180, -90, 180, 90];
const NO_CLUSTER = -1;

export interface ChargerPointProps {
  /** Position of the charger in the directory. */
  position: number;
}

// Clusters carry no properties of their own: their free counts live beside the index.
type ClusterTotals = Record<string, unknown>;
type IndexFeature = ClusterFeature<ClusterTotals> | PointFeature<ChargerPointProps>;

/**
 * Where the chargers sit (supercluster's spatial index, built once per list or search) and, beside
 * it, which of them have a connector free now and how many such each cluster holds. A status
 * change updates the counts along the charger's chain of clusters, never the spatial index.
 */
export interface ClusterIndex {
  readonly clusters: Supercluster<ChargerPointProps, ClusterTotals>;
  /** By directory position: 1 when the charger has a connector free now, else 0. */
  readonly available: Uint8Array;
  /** By directory position: the smallest cluster holding the charger, or -1. */
  readonly parentOfCharger: Int32Array;
  /** By cluster id: the next larger cluster holding it, or -1. */
  readonly parentOfCluster: Map<number, number>;
  /** By cluster id: how many of its chargers have a connector free now. */
  readonly freeInCluster: Map<number, number>;
}

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

function isCluster(feature: IndexFeature): feature is ClusterFeature<ClusterTotals> {
  return 'cluster' in feature.properties && feature.properties.cluster;
}

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
      properties: { position },
      geometry: { type: 'Point', coordinates: [lon, lat] },
    });
  }
  const index: ClusterIndex = {
    clusters: new Supercluster<ChargerPointProps, ClusterTotals>(CLUSTER_OPTIONS).load(points),
    available: new Uint8Array(lons.length),
    parentOfCharger: new Int32Array(lons.length).fill(NO_CLUSTER),
    parentOfCluster: new Map(),
    freeInCluster: new Map(),
  };
  for (let position = 0; position < lons.length; position += 1) {
    index.available[position] = available[position] ? 1 : 0;
  }
  // Walks the cluster tree once, top down, noting each parent and adding up the free chargers.
  const visit = (feature: IndexFeature, parent: number): number => {
    if (!isCluster(feature)) {
      const { position } = feature.properties;
      index.parentOfCharger[position] = parent;
      return index.available[position] ?? 0;
    }
    const id = feature.properties.cluster_id;
    index.parentOfCluster.set(id, parent);
    let free = 0;
    for (const child of index.clusters.getChildren(id)) free += visit(child, id);
    index.freeInCluster.set(id, free);
    return free;
  };
  for (const top of index.clusters.getClusters(WORLD, 0)) visit(top, NO_CLUSTER);
  return index;
}

/**
 * A batch of pushed statuses: `available[i]` says whether the charger at `positions[i]` has a
 * connector free now. Each change is counted again in the clusters holding that charger only.
 */
export function updateAvailability(
  index: ClusterIndex,
  positions: ArrayLike<number>,
  available: ArrayLike<number>,
): void {
  for (let at = 0; at < positions.length; at += 1) {
    const position = positions[at] ?? 0;
    if (position >= index.available.length) continue;
    const now = available[at] ? 1 : 0;
    const change = now - (index.available[position] ?? 0);
    if (change === 0) continue;
    index.available[position] = now;
    let cluster = index.parentOfCharger[position] ?? NO_CLUSTER;
    while (cluster !== NO_CLUSTER) {
      index.freeInCluster.set(cluster, (index.freeInCluster.get(cluster) ?? 0) + change);
      cluster = index.parentOfCluster.get(cluster) ?? NO_CLUSTER;
    }
  }
}

/** The clusters and single chargers inside [west, south, east, north] at a zoom. */
export function clustersIn(
  index: ClusterIndex,
  bbox: [number, number, number, number],
  zoom: number,
): MapCluster[] {
  const { clusters } = index;
  return clusters.getClusters(bbox, Math.round(zoom)).map((feature): MapCluster => {
    const [lon = 0, lat = 0] = feature.geometry.coordinates;
    if (isCluster(feature)) {
      const id = feature.properties.cluster_id;
      return {
        kind: 'cluster',
        id,
        count: feature.properties.point_count,
        available: index.freeInCluster.get(id) ?? 0,
        lon,
        lat,
        expansionZoom: clusters.getClusterExpansionZoom(id),
      };
    }
    return { kind: 'charger', position: feature.properties.position, lon, lat };
  });
}
