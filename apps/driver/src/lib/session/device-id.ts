import { storage } from '../storage.ts';

const UUID_KEY = 'uuid';
let cached: Promise<string> | null = null;

async function readOrCreateUuid(): Promise<string> {
  const stored = await storage.get(UUID_KEY);
  if (stored) return stored;
  const uuid = crypto.randomUUID();
  await storage.set(UUID_KEY, uuid);
  return uuid;
}

/** The device's id, created once and kept in storage; sent with login, refresh and registration. */
export function getUuid(): Promise<string> {
  cached ??= readOrCreateUuid();
  return cached;
}
