import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import type { ChargerDirectory, LiveOverlay } from './charger-directory.ts';
import { availabilityByPosition, availabilityChanges } from './cluster-availability.ts';
import type { MapCluster } from './cluster-index.ts';
import type { ClusterRequest, ClusterResponse } from './cluster-messages.ts';

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

  // The spatial index is built again only for another list or search; the statuses it starts
  // from are the latest, read when it loads (an effect event, so a status batch does not reload).
  const sentOverlay = useRef<LiveOverlay>(new Map());
  const load = useEffectEvent((directory: ChargerDirectory, positions: ArrayLike<number>) => {
    generation.current += 1;
    const ids = Uint32Array.from(positions);
    const lons = Float64Array.from(directory.lon);
    const lats = Float64Array.from(directory.lat);
    const available = availabilityByPosition(directory, ids, overlay);
    sentOverlay.current = overlay;
    post({ type: 'load', generation: generation.current, lons, lats, positions: ids, available }, [
      lons.buffer,
      lats.buffer,
      ids.buffer,
      available.buffer,
    ]);
  });
  useEffect(() => load(directory, positions), [directory, positions]);

  // A status batch sends only the chargers it changed; their clusters are counted again.
  useEffect(() => {
    const changes = availabilityChanges(directory, sentOverlay.current, overlay);
    sentOverlay.current = overlay;
    if (changes.positions.length === 0) return;
    post({ type: 'availability', generation: generation.current, ...changes }, [
      changes.positions.buffer,
      changes.available.buffer,
    ]);
    const view = lastView.current;
    if (view) show(view.bounds, view.zoom);
  }, [directory, overlay, post, show]);

  return { clusters, show };
}
