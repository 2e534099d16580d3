import { z } from 'zod';
import {
  guestCode,
  tokenData as tokenDataSchema,
  user as userSchema,
  type TokenData,
  type User,
} from '@evc/contract';
import { storage } from '../storage.ts';

/** Whose tokens the client carries: a signed-in user's, or a guest's (spec 000 §3, §4). */
export type TokenOwner = 'user' | 'guest';

/** The tokens the client sends, with their owner; a guest's come with its guest code. */
export type HeldTokens =
  { owner: 'user'; tokens: TokenData } | { owner: 'guest'; tokens: TokenData; code: string };

const USER_KEY = 'tokenData';
/** spec 000 §3: local storage `guestTokens`. */
const GUEST_KEY = 'guestTokens';

const storedGuest = tokenDataSchema.extend({ code: guestCode });

let cached: Promise<HeldTokens | null> | null = null;

function parse<T>(raw: string | null, schema: z.ZodType<T>): T | null {
  if (!raw) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A user's tokens win: a guest is cleared when a real user is set (spec 000 §4). */
async function readStoredTokens(): Promise<HeldTokens | null> {
  const user = parse(await storage.get(USER_KEY), tokenDataSchema);
  if (user) return { owner: 'user', tokens: user };
  const guest = parse(await storage.get(GUEST_KEY), storedGuest);
  if (!guest) return null;
  const { code, ...tokens } = guest;
  return { owner: 'guest', tokens, code };
}

/** The stored tokens and their owner, read from storage once and kept in memory. */
export function getHeldTokens(): Promise<HeldTokens | null> {
  cached ??= readStoredTokens();
  return cached;
}

/** The access and refresh tokens the client sends, whoever holds them. */
export async function getTokens(): Promise<TokenData | null> {
  return (await getHeldTokens())?.tokens ?? null;
}

/** A signed-in user's tokens (login, MFA, registration); they replace any guest's. */
export async function setTokens(tokens: TokenData): Promise<void> {
  cached = Promise.resolve({ owner: 'user', tokens });
  await storage.remove(GUEST_KEY);
  await storage.set(USER_KEY, JSON.stringify(tokens));
}

/** A guest's tokens for its guest code (spec 000 §4: the guest is set when they are stored). */
export async function setGuestTokens(code: string, tokens: TokenData): Promise<void> {
  cached = Promise.resolve({ owner: 'guest', tokens, code });
  await storage.remove(USER_KEY);
  await storage.set(GUEST_KEY, JSON.stringify({ ...tokens, code }));
}

/** Fresh tokens from a refresh, kept for whoever held the ones refreshed. */
export async function replaceRefreshedTokens(tokens: TokenData): Promise<void> {
  const held = await getHeldTokens();
  if (held?.owner === 'guest') await setGuestTokens(held.code, tokens);
  else await setTokens(tokens);
}

/** Logout: neither a user's nor a guest's tokens stay, nor the user last loaded with them. */
export async function clearTokens(): Promise<void> {
  cached = Promise.resolve(null);
  await Promise.all([storage.remove(USER_KEY), storage.remove(GUEST_KEY), forgetLastUser()]);
}

const LAST_USER_KEY = 'lastUser';

/**
 * Issue 19: the user last loaded with the stored tokens, so that a start without connection
 * opens signed in. It goes with the tokens (clearTokens); a masquerade keeps it in memory only
 * (lib/storage.ts), like everything else it holds.
 */
export async function rememberUser(user: User): Promise<void> {
  await storage.set(LAST_USER_KEY, JSON.stringify(user));
}

export async function lastLoadedUser(): Promise<User | null> {
  const raw = await storage.get(LAST_USER_KEY);
  if (!raw) return null;
  try {
    const parsed = userSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export async function forgetLastUser(): Promise<void> {
  await storage.remove(LAST_USER_KEY);
}

/** Whether a token's ISO expiry has passed. An unreadable expiry counts as valid (the server decides). */
export function isExpired(expiry: string, now: number = Date.now()): boolean {
  const time = Date.parse(expiry);
  return Number.isFinite(time) && time <= now;
}
