import { brandDefinition, MASQUERADE_HOST_PREFIX, resolveBrand } from '@evc/brands';
import type { DriverKind } from '@evc/contract';

/**
 * What the console posts to the driver app's frame (issue 18). The token is the 30-minute
 * masquerade token; there is never a refresh token.
 */
export type MasqueradeMessage =
  | { type: 'masquerade'; token: string; refreshToken?: undefined; kind: DriverKind }
  | { type: 'clearGuest' | 'clearUser' | 'clearAll' };

export type ClearMessageType = 'clearGuest' | 'clearUser' | 'clearAll';

/**
 * The driver app's origin for masquerade: the console's own host behind the prefix, same scheme
 * and port (`http://localhost:8080` → `http://support-masquerade.localhost:8080`,
 * `https://app.voltway.example.com` → `https://support-masquerade.app.voltway.example.com`).
 */
export function masqueradeOrigin(consoleLocation: Pick<Location, 'protocol' | 'host'>): string {
  return `${consoleLocation.protocol}//${MASQUERADE_HOST_PREFIX}${consoleLocation.host}`;
}

/** Posts to the frame, addressed to the masquerade origin only: another page never reads it. */
export function postToApp(
  frame: Pick<Window, 'postMessage'>,
  message: MasqueradeMessage,
  origin: string,
): void {
  frame.postMessage(message, origin);
}

/**
 * Why the frame may not work from the console's host, or nothing. An IP address has no
 * support-masquerade name. On a one-label host (`localhost`) the prefixed host is another site, so
 * a browser that blocks third-party storage keeps the framed app from storing its session; under
 * a brand's host (`evcharge.localhost`, `app.voltway.example.com`) both are one site.
 */
export function masqueradeHostProblem(
  consoleLocation: Pick<Location, 'protocol' | 'hostname' | 'port'>,
): { blocking: boolean; betterConsoleUrl: string } | undefined {
  const { hostname } = consoleLocation;
  const isIp = /^[\d.]+$/.test(hostname) || hostname.includes(':') || hostname.startsWith('[');
  if (!isIp && hostname.includes('.')) return undefined;
  const brand = resolveBrand(hostname).brand;
  const fragment = brandDefinition(brand.id)?.urlFragments[0] ?? brand.id;
  const port = consoleLocation.port ? `:${consoleLocation.port}` : '';
  return {
    blocking: isIp,
    betterConsoleUrl: `${consoleLocation.protocol}//${fragment}.localhost${port}/console`,
  };
}
