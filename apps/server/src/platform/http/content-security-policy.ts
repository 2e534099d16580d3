import { allBrands } from '@evc/brands';
import { consoleOriginFor, isMasqueradeHost } from '@evc/domain';

/** What the API's own answers (JSON, the brand icons, the manifest) may load: nothing. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Stripe.js and its frames, as Stripe's security guide lists them. */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};

const originOf = (url: string | undefined) => (url ? [new URL(url).origin] : []);
const unique = (sources: readonly string[]) => [...new Set(sources)].join(' ');

/**
 * What the built app's pages and workers may load. Every brand is served by one build, so the
 * policy names every brand's API, geocoder, map style and video host; `extraOrigins` (the
 * operator's CSP_EXTRA_ORIGINS) adds the tile, sprite and font hosts a map style points at.
 * Scripts come only from the app itself and Stripe; WebAssembly (the barcode reader) may be
 * compiled, never eval'd text. Styles may be inline: Ionic's components and MapLibre set them.
 * `frameAncestors` adds who may frame the app besides itself: the support console's origin, for
 * the app on a support-masquerade host (issue 18).
 */
export function appContentSecurityPolicy(
  extraOrigins: readonly string[] = [],
  frameAncestors: readonly string[] = [],
): string {
  const apis = allBrands.flatMap((brand) => [
    ...originOf(brand.api.production),
    ...originOf(brand.api.development),
  ]);
  const maps = allBrands.flatMap((brand) => originOf(brand.mapStyleUrl));
  const geocoders = allBrands.flatMap((brand) => originOf(brand.geocoderUrl));
  const videos = allBrands.flatMap((brand) => originOf(brand.howToVideoUrl));
  const directives: Record<string, string> = {
    'default-src': "'self'",
    'script-src': unique(["'self'", "'wasm-unsafe-eval'", ...STRIPE.script]),
    'style-src': "'self' 'unsafe-inline'",
    'img-src': unique([
      "'self'",
      'data:',
      'blob:',
      ...apis,
      ...maps,
      ...extraOrigins,
      ...STRIPE.img,
    ]),
    'font-src': "'self' data:",
    'connect-src': unique([
      "'self'",
      ...apis,
      ...geocoders,
      ...maps,
      ...extraOrigins,
      ...STRIPE.connect,
    ]),
    // MapLibre runs its worker from the app's own files, or from a blob: it builds.
    'worker-src': "'self' blob:",
    'frame-src': unique(["'self'", ...videos, ...STRIPE.frame]),
    'manifest-src': "'self'",
    'object-src': "'none'",
    'base-uri': "'self'",
    'form-action': "'self'",
    'frame-ancestors': unique(["'self'", ...frameAncestors]),
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources}`)
    .join('; ');
}

/**
 * Issue 18: the console (on the brand's own host) frames the app on the support-masquerade host;
 * a page asked for on that host may be framed by the console's origin, and no other.
 */
export function masqueradeFrameAncestor(protocol: string, host: string): string | null {
  const hostname = host.replace(/:\d+$/, '');
  if (!isMasqueradeHost(hostname)) return null;
  return consoleOriginFor(`${protocol}://${host}`);
}
