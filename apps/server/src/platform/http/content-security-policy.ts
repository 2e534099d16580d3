import { allBrands } from '@evc/brands';

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
 */
export function appContentSecurityPolicy(extraOrigins: readonly string[] = []): string {
  return written(appDirectives(extraOrigins));
}

function appDirectives(extraOrigins: readonly string[]): Record<string, string> {
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
    'frame-ancestors': "'self'",
  };
  return directives;
}

const written = (directives: Record<string, string>) =>
  Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources}`)
    .join('; ');

/**
 * The support console's pages (issue 18, ADR 0023): the app's policy, plus a frame of the driver
 * app on the masquerade origin of the console's own host; nobody may frame the console.
 */
export function consoleContentSecurityPolicy(
  extraOrigins: readonly string[],
  masqueradeOrigin: string,
): string {
  const directives = appDirectives(extraOrigins);
  return written({
    ...directives,
    'frame-src': `${directives['frame-src'] ?? "'self'"} ${masqueradeOrigin}`,
    'frame-ancestors': "'none'",
  });
}

/**
 * The driver app on a support-masquerade host: the app's policy, and framed by the console on
 * the brand's normal host (the same host without the prefix).
 */
export function masqueradeAppContentSecurityPolicy(
  extraOrigins: readonly string[],
  consoleOrigin: string,
): string {
  return written({ ...appDirectives(extraOrigins), 'frame-ancestors': `'self' ${consoleOrigin}` });
}
