import { buildClusterIndex, clustersIn, type ClusterIndex } from './cluster-index.ts';
import type { ClusterRequest, ClusterResponse } from './cluster-messages.ts';

// Clustering 100,000 chargers runs here, off the main thread, so the page never stalls.
let index: ClusterIndex | null = null;

interface WorkerScope {
  onmessage: ((message: MessageEvent<ClusterRequest>) => void) | null;
  postMessage: (message: ClusterResponse) => void;
}
const scope = self as unknown as WorkerScope;

scope.onmessage = (message: MessageEvent<ClusterRequest>) => {
  const request = message.data;
  switch (request.type) {
    case 'load': {
      index = buildClusterIndex(request.lons, request.lats, request.positions, request.available);
      scope.postMessage({ type: 'loaded', generation: request.generation });
      break;
    }
    case 'clusters': {
      scope.postMessage({
        type: 'clusters',
        generation: request.generation,
        requestId: request.requestId,
        clusters: index ? clustersIn(index, request.bbox, request.zoom) : [],
      });
      break;
    }
  }
};
