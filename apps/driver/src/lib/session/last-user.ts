import { user as userSchema, type User } from '@evc/contract';
import { storage } from '../storage.ts';

const LAST_USER_KEY = 'lastUser';

/**
 * Issue 19: the user last loaded with the stored tokens, so that a start without connection
 * opens signed in. It goes with the tokens at logout; a masquerade keeps it in memory only
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
