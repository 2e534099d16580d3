import type { MapCluster } from './cluster-index.ts';

/** Messages to the clustering worker. `generation` tells answers for an older set of points apart. */
export type ClusterRequest =
  | {
      type: 'load';
      generation: number;
      lons: Float64Array;
      lats: Float64Array;
      positions: Uint32Array;
      /** By directory position: 1 when the charger has a connector free now. */
      available: Uint8Array;
    }
  | {
      type: 'clusters';
      generation: number;
      requestId: number;
      bbox: [number, number, number, number];
      zoom: number;
    };

export type ClusterResponse =
  | { type: 'loaded'; generation: number }
  | { type: 'clusters'; generation: number; requestId: number; clusters: MapCluster[] };
