import {
  buildClusterIndex,
  clustersIn,
  updateAvailability,
  type ClusterIndex,
  type MapCluster,
} from './cluster-index.ts';

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
      /** Pushed statuses changed these chargers: `available[i]` is for `positions[i]`. */
      type: 'availability';
      generation: number;
      positions: Uint32Array;
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

/**
 * What the worker does with each message, in the order they come: a load builds the index, a
 * status batch updates its free counts (for the index it was sent for), a view asks for clusters.
 */
export function clusterWorkerAnswers(): (request: ClusterRequest) => ClusterResponse | undefined {
  let index: ClusterIndex | null = null;
  let loadedGeneration = -1;
  return (request) => {
    switch (request.type) {
      case 'load':
        index = buildClusterIndex(request.lons, request.lats, request.positions, request.available);
        loadedGeneration = request.generation;
        return { type: 'loaded', generation: request.generation };
      case 'availability':
        if (index && request.generation === loadedGeneration) {
          updateAvailability(index, request.positions, request.available);
        }
        return undefined;
      case 'clusters':
        return {
          type: 'clusters',
          generation: request.generation,
          requestId: request.requestId,
          clusters: index ? clustersIn(index, request.bbox, request.zoom) : [],
        };
    }
  };
}
