import { tokenData as tokenDataSchema, type TokenData } from '@evc/contract';
import { storage } from '../storage.ts';

const TOKEN_KEY = 'tokenData';

let cached: Promise<TokenData | null> | null = null;

async function readStoredTokens(): Promise<TokenData | null> {
  const raw = await storage.get(TOKEN_KEY);
  if (!raw) return null;
  try {
    const parsed = tokenDataSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The stored access and refresh tokens, read from storage once and kept in memory. */
export function getTokens(): Promise<TokenData | null> {
  cached ??= readStoredTokens();
  return cached;
}

export async function setTokens(tokens: TokenData): Promise<void> {
  cached = Promise.resolve(tokens);
  await storage.set(TOKEN_KEY, JSON.stringify(tokens));
}

export async function clearTokens(): Promise<void> {
  cached = Promise.resolve(null);
  await storage.remove(TOKEN_KEY);
}

/** Whether a token's ISO expiry has passed. An unreadable expiry counts as valid (the server decides). */
export function isExpired(expiry: string, now: number = Date.now()): boolean {
  const time = Date.parse(expiry);
  return Number.isFinite(time) && time <= now;
}
