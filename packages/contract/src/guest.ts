import { z } from 'zod';
import { deviceUuid, text, TEXT_LIMITS, tokenData } from './shared.ts';

/** A guest code: 'G-' and ten letters or digits (Crockford base32, no I, L, O or U). */
export const guestCode = text(TEXT_LIMITS.code)
  .trim()
  .toUpperCase()
  .regex(/^G-[0-9A-HJKMNP-TV-Z]{10}$/, 'Not a guest code');

export const guestIdentifierResponse = z.object({ code: guestCode });
export const guestCodeParams = z.object({ code: guestCode });
export const guestTokensQuery = z.object({ uuid: deviceUuid });
/** spec 000 §3: the guest's tokens, in the shape of a user's tokenData. */
export const guestTokensResponse = tokenData;
