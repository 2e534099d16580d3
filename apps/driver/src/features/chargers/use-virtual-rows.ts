import { useLayoutEffect, useState, useSyncExternalStore } from 'react';
import {
  elementScroll,
  observeElementOffset,
  observeElementRect,
  Virtualizer,
  type VirtualItem,
} from '@tanstack/virtual-core';

export interface VirtualRowsOptions {
  count: number;
  getScrollElement: () => HTMLElement | null;
  estimateSize: () => number;
  overscan: number;
}

/** The rows to draw now, where the list ends, and the ref that measures a drawn row. */
export interface VirtualRows {
  items: VirtualItem[];
  totalSize: number;
  measureElement: (element: Element | null) => void;
}

interface Snapshot {
  items: VirtualItem[];
  totalSize: number;
}

/**
 * A virtualiser held as an external store: every change (scroll, resize, a row measured) makes a
 * new snapshot, read with useSyncExternalStore. Rendering sees plain values that change when the
 * rows do, so the React Compiler can memoise the list; TanStack's own `useVirtualizer` hands out
 * one mutable object whose methods answer differently on each call, which it cannot.
 */
function createVirtualRowStore(options: VirtualRowsOptions) {
  let snapshot: Snapshot = { items: [], totalSize: 0 };
  const listeners = new Set<() => void>();
  const refresh = () => {
    snapshot = { items: virtualizer.getVirtualItems(), totalSize: virtualizer.getTotalSize() };
    for (const listener of listeners) listener();
  };
  const optionsOf = (given: VirtualRowsOptions) => ({
    ...given,
    scrollToFn: elementScroll,
    observeElementRect,
    observeElementOffset,
    onChange: refresh,
  });
  const virtualizer = new Virtualizer<HTMLElement, Element>(optionsOf(options));
  return {
    virtualizer,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    update: (given: VirtualRowsOptions) => {
      virtualizer.setOptions(optionsOf(given));
      refresh();
    },
  };
}

/** Virtualised rows of a scrolling element (TanStack Virtual's core). */
export function useVirtualRows({
  count,
  getScrollElement,
  estimateSize,
  overscan,
}: VirtualRowsOptions): VirtualRows {
  const [store] = useState(() =>
    createVirtualRowStore({ count, getScrollElement, estimateSize, overscan }),
  );
  useLayoutEffect(() => {
    store.update({ count, getScrollElement, estimateSize, overscan });
  }, [store, count, getScrollElement, estimateSize, overscan]);
  useLayoutEffect(() => store.virtualizer._didMount(), [store]);
  // After every commit: the scroll element may have appeared or changed.
  useLayoutEffect(() => store.virtualizer._willUpdate());
  const { items, totalSize } = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return { items, totalSize, measureElement: store.virtualizer.measureElement };
}
