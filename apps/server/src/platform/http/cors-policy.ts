import { allBrands, HOST_CONFIG } from '@evc/brands';
import { calls } from '@evc/contract';
import { MASQUERADE_HOST_PREFIX } from '@evc/domain';

/** Every method the call catalogue uses: what a brand app on its own domain must be let send. */
export const CALL_METHODS: readonly string[] = [
  ...new Set(Object.values(calls).map((call) => call.method)),
].sort();

/**
 * The shells of the Android and iOS apps (Capacitor: `androidScheme: 'https'` and iOS's default),
 * which call the brand's API from a web view.
 */
const NATIVE_APP_ORIGINS = ['https://localhost', 'capacitor://localhost'];

/**
 * The brands' web apps: every configured host and every brand's web domain, over HTTPS, each also
 * behind the support masquerade's prefix (spec 000 §4), where support opens the app as a driver.
 */
export function brandWebOrigins(): string[] {
  const hosts = [
    ...HOST_CONFIG.map((entry) => entry.host),
    ...allBrands.map((brand) => brand.webDomain),
  ].flatMap((host) => [host, `${MASQUERADE_HOST_PREFIX}${host}`]);
  return [...new Set(hosts.map((host) => `https://${host}`))];
}

/** The Vite dev and preview servers, `{fragment}.localhost` and the like, on any port. */
function isLocalOrigin(origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  const host = url.hostname;
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    (host === 'localhost' ||
      host.endsWith('.localhost') ||
      host === '127.0.0.1' ||
      host === '[::1]')
  );
}

export interface CorsPolicyConfig {
  nodeEnv: 'development' | 'production' | 'test';
  appUrl: string;
  corsOrigins?: readonly string[];
}

/**
 * Which page origins may call the API from a browser: the brands' web apps, the native apps, the
 * server's own APP_URL, the operator's CORS_ORIGINS and, outside production, local dev servers.
 */
export function corsOriginAllowed(config: CorsPolicyConfig): (origin: string) => boolean {
  const allowed = new Set(
    [
      ...brandWebOrigins(),
      ...NATIVE_APP_ORIGINS,
      new URL(config.appUrl).origin,
      ...(config.corsOrigins ?? []),
    ].map((origin) => origin.toLowerCase()),
  );
  const localToo = config.nodeEnv !== 'production';
  return (origin) => allowed.has(origin.toLowerCase()) || (localToo && isLocalOrigin(origin));
}
