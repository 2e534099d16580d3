import { registerSW } from 'virtual:pwa-register';
import { SERVICE_WORKER_FALLBACK_MS } from '@evc/domain';

export interface ServiceWorkerCallbacks {
  /** A new version is waiting; call the given function to switch to it. */
  onUpdateReady: (update: () => Promise<void>) => void;
}

/**
 * spec 000 §9: the service worker registers when the app is stable or after 30000 ms, whichever
 * comes first. With registerType 'prompt' the user decides when a new version takes over.
 */
export function registerServiceWorkerWhenStable(
  stable: Promise<void>,
  callbacks: ServiceWorkerCallbacks,
): void {
  if (!('serviceWorker' in navigator)) return;
  let registered = false;
  const register = () => {
    if (registered) return;
    registered = true;
    const update = registerSW({
      immediate: true,
      onNeedRefresh: () => callbacks.onUpdateReady(() => update(true)),
    });
  };
  const timer = setTimeout(register, SERVICE_WORKER_FALLBACK_MS);
  void stable.then(() => {
    clearTimeout(timer);
    register();
  });
}
