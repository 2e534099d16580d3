import { storage } from '../storage.ts';

const CREDENTIALS_KEY = 'storedCredentials';

export interface StoredCredentials {
  username: string;
  password: string;
}

/** Keep-me-logged-in: the name and password kept on this device. */
export async function saveCredentials(credentials: StoredCredentials): Promise<void> {
  await storage.set(CREDENTIALS_KEY, JSON.stringify(credentials));
}

export async function loadCredentials(): Promise<StoredCredentials | null> {
  const raw = await storage.get(CREDENTIALS_KEY);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (
      typeof value === 'object' &&
      value !== null &&
      'username' in value &&
      'password' in value &&
      typeof value.username === 'string' &&
      typeof value.password === 'string'
    ) {
      return { username: value.username, password: value.password };
    }
  } catch {
    // unreadable: treat as absent
  }
  return null;
}

export async function clearCredentials(): Promise<void> {
  await storage.remove(CREDENTIALS_KEY);
}
