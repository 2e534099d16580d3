import { useCallback, useEffect, useRef, useState } from 'react';
import type { MapCluster } from './cluster-index.ts';
import type { ClusterRequest, ClusterResponse } from './cluster-messages.ts';
import { liveRowState, type ChargerDirectory, type LiveOverlay } from './charger-directory.ts';
import { chargerSummary } from './charger-summary.ts';

export type Bounds = [number, number, number, number];

/**
 * Clusters the given chargers in a Web Worker (supercluster), so 100,000 points never block the
 * page. `show(bounds, zoom)` asks for what a view holds; the answer arrives in `clusters`.
 */
export function useClusterWorker(
  directory: ChargerDirectory,
  positions: ArrayLike<number>,
  overlay: LiveOverlay,
) {
  const worker = useRef<Worker | null>(null);
  const generation = useRef(0);
  const requestId = useRef(0);
  const lastView = useRef<{ bounds: Bounds; zoom: number } | null>(null);
  const [clusters, setClusters] = useState<MapCluster[]>([]);

  const post = useCallback((request: ClusterRequest, transfer: Transferable[] = []) => {
    worker.current?.postMessage(request, transfer);
  }, []);

  const show = useCallback(
    (bounds: Bounds, zoom: number) => {
      lastView.current = { bounds, zoom };
      requestId.current += 1;
      post({
        type: 'clusters',
        generation: generation.current,
        requestId: requestId.current,
        bbox: bounds,
        zoom,
      });
    },
    [post],
  );

  useEffect(() => {
    const created = new Worker(new URL('./cluster.worker.ts', import.meta.url), {
      type: 'module',
    });
    created.onmessage = (message: MessageEvent<ClusterResponse>) => {
      const answer = message.data;
      if (answer.generation !== generation.current) return;
      if (answer.type === 'loaded') {
        const view = lastView.current;
        if (view) show(view.bounds, view.zoom);
      } else if (answer.requestId === requestId.current) {
        setClusters(answer.clusters);
      }
    };
    worker.current = created;
    return () => {
      created.terminate();
      worker.current = null;
    };
  }, [show]);

  useEffect(() => {
    generation.current += 1;
    const count = positions.length;
    const ids = new Uint32Array(count);
    for (let at = 0; at < count; at += 1) ids[at] = positions[at] ?? 0;
    const lons = Float64Array.from(directory.lon);
    const lats = Float64Array.from(directory.lat);
    // Clusters say how many of their chargers are free; a pushed status counts again.
    const available = new Uint8Array(directory.count);
    for (let at = 0; at < count; at += 1) {
      const position = ids[at] ?? 0;
      const { freeConnectors } = chargerSummary(liveRowState(directory, position, overlay));
      available[position] = freeConnectors > 0 ? 1 : 0;
    }
    post({ type: 'load', generation: generation.current, lons, lats, positions: ids, available }, [
      lons.buffer,
      lats.buffer,
      ids.buffer,
      available.buffer,
    ]);
  }, [directory, positions, overlay, post]);

  return { clusters, show };
}
