import { isMasquerading } from '../masquerade/masquerade-state.ts';
import { storage } from '../storage.ts';

const UUID_KEY = 'uuid';
let cached: Promise<string> | null = null;
let masquerade: Promise<string> | null = null;

async function readOrCreateUuid(): Promise<string> {
  const stored = await storage.get(UUID_KEY);
  if (stored) return stored;
  const uuid = crypto.randomUUID();
  await storage.set(UUID_KEY, uuid);
  return uuid;
}

/** The device's id, created once and kept in storage; sent with login, refresh and registration. */
export function getUuid(): Promise<string> {
  // spec 000 §4: in masquerade the uuid is not taken from storage (nor kept there).
  if (isMasquerading()) {
    masquerade ??= Promise.resolve(crypto.randomUUID());
    return masquerade;
  }
  cached ??= readOrCreateUuid();
  return cached;
}
