import { useSyncExternalStore } from 'react';

let activeCount = 0;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isLoading = (): boolean => activeCount > 0;

/** Shows the full-screen loading overlay; every show() needs its hide(). */
export const loadingOverlay = {
  show(): void {
    activeCount += 1;
    notify();
  },
  hide(): void {
    activeCount = Math.max(0, activeCount - 1);
    notify();
  },
};

export function useLoadingOverlay(): { show(): void; hide(): void } {
  return loadingOverlay;
}

/** Whether the overlay is showing (spec 001 §4: visible only while loading). */
export function useLoadingStatus(): boolean {
  return useSyncExternalStore(subscribe, isLoading, isLoading);
}
