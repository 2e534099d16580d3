import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ChargerLiveEvent } from '@evc/contract';
import { chargerDirectory, type LiveOverlay } from './charger-directory.ts';
import {
  clusterWorkerAnswers,
  type ClusterRequest,
  type ClusterResponse,
} from './cluster-messages.ts';
import { useClusterWorker, type Bounds } from './use-cluster-worker.ts';

/** The app's own worker code, run in the page's thread: answers come back a task later. */
class InPageClusterWorker {
  static sent: ClusterRequest[] = [];
  onmessage: ((message: MessageEvent<ClusterResponse>) => void) | null = null;
  private readonly answer = clusterWorkerAnswers();

  postMessage(request: ClusterRequest) {
    InPageClusterWorker.sent.push(structuredClone(request));
    const response = this.answer(request);
    if (response) {
      setTimeout(() => this.onmessage?.(new MessageEvent('message', { data: response })));
    }
  }

  terminate() {
    this.onmessage = null;
  }
}

// Three chargers in Leeds a few hundred metres apart: at a county zoom one cluster.
const directory = chargerDirectory({
  count: 3,
  barcode: ['1001', '1002', '1003'],
  lon: [-1.5491, -1.5475, -1.5452],
  lat: [53.7997, 53.7955, 53.7969],
  connectors: [[[1, 'Type 2', 'Available']], [[1, 'Type 2', 'Charging']], [[1, 'CCS', 'Charging']]],
});
const everyone = [0, 1, 2];
const yorkshire: Bounds = [-3, 53, 0, 55];

const event = (barcode: string, status: 'Available' | 'Charging'): ChargerLiveEvent => ({
  barcode,
  online: true,
  connectors: [{ connectornumber: 1, status, at: null, inTransaction: false }],
});

describe('clustering in a worker while statuses are pushed', () => {
  it('sends a status batch as its changed chargers only, never loading the index again', async () => {
    InPageClusterWorker.sent = [];
    vi.stubGlobal('Worker', InPageClusterWorker);
    const { result, rerender } = renderHook(
      ({ overlay }: { overlay: LiveOverlay }) => useClusterWorker(directory, everyone, overlay),
      { initialProps: { overlay: new Map() as LiveOverlay } },
    );
    result.current.show(yorkshire, 10);
    await waitFor(() =>
      expect(result.current.clusters).toMatchObject([{ kind: 'cluster', count: 3, available: 1 }]),
    );

    // Two batches: the second charger frees its connector; then the third does, the second kept.
    const second = event('1002', 'Available');
    rerender({ overlay: new Map([['1002', second]]) });
    await waitFor(() => expect(result.current.clusters).toMatchObject([{ available: 2 }]));
    rerender({
      overlay: new Map([
        ['1002', second],
        ['1003', event('1003', 'Available')],
      ]),
    });
    await waitFor(() => expect(result.current.clusters).toMatchObject([{ available: 3 }]));

    const sent = InPageClusterWorker.sent.filter((request) => request.type !== 'clusters');
    expect(sent.map((request) => request.type)).toEqual(['load', 'availability', 'availability']);
    expect(
      sent.flatMap((request) =>
        request.type === 'availability' ? [[...request.positions, ...request.available]] : [],
      ),
    ).toEqual([
      [1, 1],
      [2, 1],
    ]);
  });
});
