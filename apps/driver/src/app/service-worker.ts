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

/**
 * Whether a worker already controlled this page when the app started: then everything the page
 * loaded went through it and is in its cache already.
 */
const controlledAtStart =
  typeof navigator !== 'undefined' && navigator.serviceWorker?.controller != null;

/** Code, styles and translations of the app this page has loaded, as absolute URLs. */
function loadedAppCode(): string[] {
  return performance
    .getEntriesByType('resource')
    .map(({ name }) => new URL(name))
    .filter(
      (url) =>
        url.origin === window.location.origin &&
        url.pathname.startsWith('/assets/') &&
        /\.(js|css|json)$/.test(url.pathname),
    )
    .map((url) => url.href);
}

/** Resolves once a service worker controls this page (at once when one already does). */
function controlled(): Promise<void> {
  if (navigator.serviceWorker.controller) return Promise.resolve();
  return new Promise((taken) => {
    navigator.serviceWorker.addEventListener('controllerchange', () => taken(), { once: true });
  });
}

/**
 * Issue 14: the worker precaches only the app shell; each page's code is cached as it passes
 * through the worker. What this page loaded before the worker took it (the first screen's page,
 * the pages preloaded meanwhile, its translations) is asked for again through the worker, from the
 * browser's cache, so it too is there when the driver comes back without a signal.
 */
export async function keepLoadedCodeOffline(): Promise<void> {
  if (!('serviceWorker' in navigator) || controlledAtStart) return;
  await controlled();
  for (const url of loadedAppCode()) {
    await fetch(url).catch(() => undefined);
  }
}
