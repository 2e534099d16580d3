import { credentialStore, type SignInCredentials } from '../platform/credential-store.ts';
import { storage } from '../storage.ts';

/** Where an earlier version kept the name and password in plain text (issue 19). */
const PLAINTEXT_KEY = 'storedCredentials';
/** Whose sign-in "keep me logged in" keeps: a name, never a password. */
const KEPT_FOR_KEY = 'keepLoggedInAs';

export type StoredCredentials = SignInCredentials;

/**
 * Keep-me-logged-in (spec 000 §3, §4): the name and password go to the platform's keeper of
 * passwords (lib/platform/credential-store.ts), never into the app's own storage.
 */
export async function saveCredentials(credentials: StoredCredentials): Promise<void> {
  await credentialStore().save(credentials);
  await storage.set(KEPT_FOR_KEY, credentials.username);
}

/** The kept name and password, when the platform hands them over. */
export async function loadCredentials(): Promise<StoredCredentials | null> {
  return credentialStore().load();
}

/** Whether "keep me logged in" was chosen on this device at the last sign-in. */
export async function keptSignInName(): Promise<string | null> {
  return storage.get(KEPT_FOR_KEY);
}

/** A new password replaces the kept one, so the next sign-in does not fail with a stale one. */
export async function updateKeptPassword(username: string, password: string): Promise<void> {
  if ((await keptSignInName()) !== username) return;
  await credentialStore().save({ username, password });
}

/** Logout (spec 000 §4): the kept name and password are cleared, and any plain text left over. */
export async function clearCredentials(): Promise<void> {
  await Promise.all([
    credentialStore().clear(),
    storage.remove(KEPT_FOR_KEY),
    storage.remove(PLAINTEXT_KEY),
  ]);
}

/** Start-up: a name and password an earlier version left in plain text are removed. */
export async function removePlaintextCredentials(): Promise<void> {
  await storage.remove(PLAINTEXT_KEY);
}
