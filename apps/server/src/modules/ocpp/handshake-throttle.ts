/** How many failed charger handshakes a key (an identity, an address) may have in a window. */
export interface HandshakeLimit {
  failures: number;
  windowMs: number;
}

/** OCPP Security Whitepaper: slow down password guessing without locking chargers out for long. */
export const DEFAULT_HANDSHAKE_LIMIT: HandshakeLimit = { failures: 10, windowMs: 5 * 60_000 };

/**
 * Counts failed handshakes per key in fixed windows that start at a key's first failure: once a
 * key has `failures` in its window, every handshake it takes part in is refused until the window
 * ends.
 */
export function createHandshakeThrottle(limit: HandshakeLimit, now: () => number) {
  const windows = new Map<string, { startedAt: number; failures: number }>();
  const current = (key: string) => {
    const window = windows.get(key);
    if (window && now() - window.startedAt >= limit.windowMs) windows.delete(key);
    return windows.get(key);
  };

  return {
    refuses: (keys: readonly string[]) =>
      keys.some((key) => (current(key)?.failures ?? 0) >= limit.failures),

    failed(keys: readonly string[]) {
      for (const key of keys) {
        const window = current(key);
        if (window) window.failures += 1;
        else windows.set(key, { startedAt: now(), failures: 1 });
      }
      // Guessed identities are endless: windows that ended go once the map grows.
      if (windows.size > 10_000) for (const key of [...windows.keys()]) current(key);
    },
  };
}
