import { createElement, lazy, useState, type ComponentType } from 'react';
import { matchPath } from 'react-router-dom';
import { normalizeRoutePath, type FeatureRoute } from './routing.ts';

const failedPageRenewals = new Set<() => void>();

/** Lets the pages whose code failed to come be fetched again when they next show. */
export function retryFailedPages(): void {
  for (const renew of failedPageRenewals) renew();
  failedPageRenewals.clear();
}

/** A page whose code is fetched the first time it shows, or earlier through `preload`. */
export type LazyPage = ComponentType & { preload: () => Promise<unknown> };

/**
 * spec 000 §2 (all feature pages preloaded): the page `name` of the module `load` fetches, split
 * into its own chunk so the first screen does not wait for it. The route table renders it inside
 * a Suspense boundary; `preload` fetches it in the background once the first screen is up, and a
 * page fetched that way renders at once, without the boundary's fallback.
 */
export function lazyPage<Name extends string, Module extends Record<Name, ComponentType>>(
  load: () => Promise<Module>,
  name: Name,
): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const lazyLoaded = () => lazy(async () => ({ default: await preload() }));
  let Lazy = lazyLoaded();
  const preload = (): Promise<ComponentType> => {
    loading ??= load().then(
      (module) => (loaded = module[name]),
      (error: unknown) => {
        // Not kept: the next visit or preload fetches it again (a network that came back).
        loading = undefined;
        // React.lazy keeps its failure: the driver's retry makes a fresh one.
        failedPageRenewals.add(() => (Lazy = lazyLoaded()));
        throw error;
      },
    );
    return loading;
  };
  function Page() {
    // Chosen once per visit: a preloaded page without the boundary (React.lazy would wait a tick
    // even for code already here), and never swapped, which would remount it.
    const [Shown] = useState<ComponentType>(() => loaded ?? Lazy);
    return createElement(Shown);
  }
  Page.displayName = `LazyPage(${name})`;
  return Object.assign(Page, { preload });
}

/** Fetches every route's page code, one page at a time, each when the browser is idle. */
export async function preloadPages(
  routes: readonly FeatureRoute[],
  idle: () => Promise<void>,
): Promise<void> {
  for (const page of new Set(routes.map(({ component }) => component))) {
    if (!page.preload) continue;
    await idle();
    // A page that failed to come is fetched again when it is shown.
    await page.preload().catch(() => undefined);
  }
}

/** Starts fetching the code of the page at `pathname`, so it comes alongside the translations. */
export function preloadPageAt(routes: readonly FeatureRoute[], pathname: string): void {
  const route = routes.find(({ path }) => matchPath(normalizeRoutePath(path), pathname));
  void route?.component.preload?.().catch(() => undefined);
}

/**
 * The same-origin path a link leads to, from the element an event reached: Ionic's items and
 * buttons with a `routerLink` render an `<a href>` in their shadow root, which the event's
 * composed path holds.
 */
function linkPathIn(event: Event): string | undefined {
  for (const target of event.composedPath()) {
    if (!(target instanceof Element)) continue;
    const href = target.getAttribute('href');
    if (href === null) continue;
    const url = new URL(href, window.location.href);
    return url.origin === window.location.origin ? url.pathname : undefined;
  }
  return undefined;
}

/**
 * Issue 14: the code of the page a link leads to is fetched as soon as the driver points at the
 * link or moves focus to it, so the page is there by the time the tap or the key lands, even
 * before the idle preload has reached it. Returns the function that stops listening.
 */
export function preloadOnIntent(
  routes: readonly FeatureRoute[],
  root: Document = document,
): () => void {
  const onIntent = (event: Event) => {
    const pathname = linkPathIn(event);
    if (pathname) preloadPageAt(routes, pathname);
  };
  root.addEventListener('pointerover', onIntent, { capture: true, passive: true });
  root.addEventListener('focusin', onIntent, { capture: true, passive: true });
  return () => {
    root.removeEventListener('pointerover', onIntent, { capture: true });
    root.removeEventListener('focusin', onIntent, { capture: true });
  };
}
