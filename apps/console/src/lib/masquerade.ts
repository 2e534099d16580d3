import { brandDefinition, resolveBrand } from '@evc/brands';
import { masqueradeOriginFor } from '@evc/domain';
import type { DriverKind } from '@evc/contract';

/**
 * What the console posts to the driver app's frame (issue 18). The token is the 30-minute
 * masquerade token; there is never a refresh token.
 */
export type MasqueradeMessage =
  | {
      type: 'masquerade';
      token: string;
      refreshToken?: undefined;
      kind: DriverKind;
      expiry: string;
      /** A guest's code, for the app's banner. */
      code?: string;
    }
  | { type: 'clearGuest' | 'clearUser' | 'clearAll' };

export type ClearMessageType = 'clearGuest' | 'clearUser' | 'clearAll';

/**
 * The driver app's origin for masquerade: the console's own host behind the prefix, same scheme
 * and port (`http://localhost:8080` → `http://support-masquerade.localhost:8080`,
 * `https://app.voltway.example.com` → `https://support-masquerade.app.voltway.example.com`).
 */
export function masqueradeOrigin(consoleLocation: Pick<Location, 'protocol' | 'host'>): string {
  return masqueradeOriginFor(consoleLocation.protocol, consoleLocation.host);
}

/** Whether a message is the framed app saying it listens: from that frame and its origin only. */
export const isAppReady = (
  event: Pick<MessageEvent, 'origin' | 'source' | 'data'>,
  frame: Window | null | undefined,
  origin: string,
): boolean =>
  Boolean(frame) &&
  event.source === frame &&
  event.origin === origin &&
  typeof event.data === 'object' &&
  event.data !== null &&
  (event.data as { type?: unknown }).type === 'masqueradeReady';

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
