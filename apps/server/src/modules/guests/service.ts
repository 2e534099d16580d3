import { randomInt } from 'node:crypto';
import type { TokenData } from '@evc/contract';
import { newId } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import type { TokenService } from '../auth/token-service.ts';
import type { GuestRepository } from './repository.ts';

// Crockford's base32: no I, L, O or U, so a code read out over the phone is not misheard.
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_LENGTH = 10;

/** 'G-' and ten random characters: 50 bits, so a code cannot be guessed within the rate limit. */
export function newGuestCode(): string {
  let code = 'G-';
  for (let index = 0; index < CODE_LENGTH; index += 1)
    code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

export interface GuestServiceDeps {
  guests: GuestRepository;
  tokens: TokenService;
  now: () => Date;
  newCode?: () => string;
}

/**
 * spec 000 §3, §4, §7: a guest gets an identifier (its guest code) and then guest tokens for a
 * device; the tokens refresh through /refreshToken like a user's and open only guest calls.
 */
export function createGuestService(deps: GuestServiceDeps) {
  const makeCode = deps.newCode ?? newGuestCode;
  return {
    async identifier(): Promise<{ code: string }> {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const code = makeCode();
        if (await deps.guests.insert({ id: newId(), code })) return { code };
      }
      throw new Error('Could not find a free guest code');
    },

    async tokens(code: string, deviceUuid: string): Promise<TokenData> {
      const guest = await deps.guests.findByCode(code);
      if (!guest) throw new AppError(404, 'GUEST_NOT_FOUND', 'No guest has this code');
      await deps.guests.touch(guest.id, deps.now());
      return deps.tokens.startGuestSession(guest.id, deviceUuid);
    },
  };
}

export type GuestService = ReturnType<typeof createGuestService>;
