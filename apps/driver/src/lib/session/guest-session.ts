import { guestIdentifier } from '../api/calls/guest-identifier.ts';
import { guestTokens } from '../api/calls/guest-tokens.ts';
import { getUuid } from './device-id.ts';
import { becomeGuest, type Guest } from './session-store.ts';
import { getHeldTokens } from './token-store.ts';

/**
 * spec 000 §4, §6: the guest on this device — the one already held, or a new guest code and its
 * tokens. A signed-in user is never turned into a guest: null then.
 */
export async function ensureGuest(): Promise<Guest | null> {
  const held = await getHeldTokens();
  if (held?.owner === 'user') return null;
  if (held?.owner === 'guest') return { HRCode: held.code };
  return resumeGuest(await guestIdentifier());
}

/** A guest code typed in (back on another device, or after logout): its tokens for this device. */
export async function resumeGuest(code: string): Promise<Guest> {
  const tokens = await guestTokens(code, await getUuid());
  return becomeGuest(code, tokens);
}
