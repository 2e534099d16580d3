import { z } from 'zod';
import { driverKind, isoDateTime, type TokenData } from '@evc/contract';
import {
  MASQUERADE_CLEAR_MESSAGES,
  consoleOriginFor,
  isConsoleOrigin,
  masqueradeClears,
} from '@evc/domain';
import { checkToken } from '../api/calls/check-token.ts';
import { logout } from '../api/calls/logout.ts';
import { becomeGuest, reloadUser } from '../session/session-store.ts';
import { clearTokens, getHeldTokens, setGuestTokens, setTokens } from '../session/token-store.ts';
import {
  beginMasquerade,
  endMasquerade,
  getMasquerade,
  turnMasqueradeOn,
} from './masquerade-state.ts';

/** The console's token lasts 30 minutes (issue 18); its own expiry, when sent, wins. */
const MASQUERADE_TOKEN_MINUTES = 30;

/**
 * What the console posts (issue 18): the token of `consoleMasquerade` with its kind (its answer's
 * fields may come along: expiry, driverId), plus a guest's code for the banner; or a clear message.
 */
export const masqueradeMessage = z.union([
  z.object({
    type: z.literal('masquerade'),
    token: z.string().min(1).max(4096),
    kind: driverKind,
    expiry: isoDateTime.optional(),
    code: z.string().trim().min(1).max(64).optional(),
    driverId: z.string().max(64).optional(),
  }),
  z.object({ type: z.enum(MASQUERADE_CLEAR_MESSAGES) }),
]);
export type MasqueradeMessage = z.infer<typeof masqueradeMessage>;

/** What a clear message does once the session is cleared: load the page again. */
export const masqueradeExit = {
  reload(): void {
    window.location.reload();
  },
};

let endTimer: ReturnType<typeof setTimeout> | undefined;

function endAt(expiry: string): void {
  clearTimeout(endTimer);
  const left = Date.parse(expiry) - Date.now();
  if (Number.isFinite(left)) endTimer = setTimeout(endMasquerade, Math.max(0, left));
}

/** The console's token as the client holds tokens: in memory, nothing to refresh it with. */
const masqueradeTokens = (token: string, expiry: string): TokenData => ({
  auth: { token, expiry },
  refresh: { token: '', expiry },
});

async function signInWith(message: Extract<MasqueradeMessage, { type: 'masquerade' }>) {
  const code = message.code ?? '';
  let tokens = masqueradeTokens(
    message.token,
    message.expiry ?? new Date(Date.now() + MASQUERADE_TOKEN_MINUTES * 60_000).toISOString(),
  );
  const hold = () => (message.kind === 'user' ? setTokens(tokens) : setGuestTokens(code, tokens));
  await hold();
  try {
    // Also the server's word on when the token ends.
    const check = await checkToken();
    tokens = masqueradeTokens(message.token, check.expiry);
  } catch {
    // A token the server does not take: the session is over before it began.
    beginMasquerade(message.kind);
    endMasquerade();
    return;
  }
  if (message.kind === 'user') {
    await hold();
    await reloadUser().catch(() => null);
  } else {
    await becomeGuest(code, tokens);
  }
  endAt(tokens.auth.expiry);
  beginMasquerade(message.kind);
}

/** spec 000 §4: clearGuest, clearUser, clearAll clear the guest and/or log out, then reload. */
async function clear(type: (typeof MASQUERADE_CLEAR_MESSAGES)[number]): Promise<void> {
  const clears = masqueradeClears(type);
  const held = await getHeldTokens();
  const ours = getMasquerade().kind !== null;
  if (held && (held.owner === 'user' ? clears.user : clears.guest)) {
    // The console's own token is let go of on the server too; nothing the device holds is touched.
    if (ours) await logout({ token: held.tokens.auth.token }).catch(() => undefined);
    await clearTokens();
  }
  clearTimeout(endTimer);
  masqueradeExit.reload();
}

/**
 * A message to this page: handled when it comes from the console's origin (the same host without
 * the support-masquerade prefix, scheme and port) and is one the console sends; ignored otherwise.
 * Answers whether it was handled.
 */
export async function handleMasqueradeMessage(
  event: Pick<MessageEvent, 'origin' | 'data'>,
  frameOrigin: string = window.location.origin,
): Promise<boolean> {
  if (!isConsoleOrigin(frameOrigin, event.origin)) return false;
  const parsed = masqueradeMessage.safeParse(event.data);
  if (!parsed.success) return false;
  turnMasqueradeOn();
  if (parsed.data.type === 'masquerade') await signInWith(parsed.data);
  else await clear(parsed.data.type);
  return true;
}

/**
 * Listens for the console's messages, and tells the console (when framed) the app is ready for
 * them: `{type: 'masqueradeReady'}`, posted to the console's origin only.
 */
export function listenForMasquerade(): () => void {
  const listener = (event: MessageEvent) => void handleMasqueradeMessage(event);
  window.addEventListener('message', listener);
  const console = consoleOriginFor(window.location.origin);
  if (console && window.parent !== window) {
    window.parent.postMessage({ type: 'masqueradeReady' }, console);
  }
  return () => window.removeEventListener('message', listener);
}
