/**
 * spec 000 §4, §6, issue 18: support masquerade. The console (served on the brand's own host)
 * opens the driver app in a frame on the same host with this prefix, and hands it a token.
 */
export const MASQUERADE_HOST_PREFIX = 'support-masquerade.';

/** spec 000 §4: masquerade is on when the host starts with the support-masquerade prefix. */
export function isMasqueradeHost(hostname: string): boolean {
  return hostname.toLowerCase().startsWith(MASQUERADE_HOST_PREFIX);
}

/** The brand host a masquerade host stands for: the host without the prefix. */
export function withoutMasqueradePrefix(hostname: string): string {
  return isMasqueradeHost(hostname) ? hostname.slice(MASQUERADE_HOST_PREFIX.length) : hostname;
}

/**
 * The one origin a frame at `frameOrigin` takes masquerade messages from: the console's, the same
 * scheme, brand host without the prefix, and port. `http://support-masquerade.voltway.localhost:8080`
 * → `http://voltway.localhost:8080`. A host without the prefix hears only its own origin. Null for
 * an origin that is no web address (a file, `null`).
 */
export function consoleOriginFor(frameOrigin: string): string | null {
  let url: URL;
  try {
    url = new URL(frameOrigin);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = withoutMasqueradePrefix(url.hostname);
  if (host === '') return null;
  return `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`;
}

/**
 * The origin the console on `scheme//host[:port]` frames the app at: the same host behind the
 * prefix (`http://localhost:8080` → `http://support-masquerade.localhost:8080`).
 */
export const masqueradeOriginFor = (protocol: string, host: string): string =>
  `${protocol.replace(/:?$/, ':')}//${MASQUERADE_HOST_PREFIX}${host}`;

/** Whether a message from `messageOrigin` may drive masquerade in a frame at `frameOrigin`. */
export function isConsoleOrigin(frameOrigin: string, messageOrigin: string): boolean {
  const expected = consoleOriginFor(frameOrigin);
  return expected !== null && messageOrigin === expected;
}

/** spec 000 §4: the console's control messages, and what each clears before the reload. */
export const MASQUERADE_CLEAR_MESSAGES = ['clearGuest', 'clearUser', 'clearAll'] as const;
export type MasqueradeClearMessage = (typeof MASQUERADE_CLEAR_MESSAGES)[number];

export function masqueradeClears(message: MasqueradeClearMessage): {
  guest: boolean;
  user: boolean;
} {
  return {
    guest: message !== 'clearUser',
    user: message !== 'clearGuest',
  };
}

/**
 * spec 000 §4: the confirmation shows once, when a user with an HRCode is loaded, in masquerade.
 */
export function masqueradeConfirmationDue(input: {
  masquerade: boolean;
  confirmed: boolean;
  userHRCode: string | null;
}): boolean {
  return input.masquerade && !input.confirmed && Boolean(input.userHRCode);
}
