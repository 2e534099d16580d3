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
