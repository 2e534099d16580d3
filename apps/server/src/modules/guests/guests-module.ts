import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import type { RegisterCall } from '../../platform/http/call-registrar.ts';
import type { RateLimit, RateLimitedCall } from '../../platform/http/rate-limits.ts';
import type { TokenService } from '../auth/token-service.ts';
import { DEFAULT_GUEST_PURGE_INTERVAL_MS, startGuestPurge } from './guest-purge.ts';
import type { GuestRepository } from './repository.ts';
import { registerGuestRoutes } from './routes.ts';
import { createGuestService } from './service.ts';

/**
 * The guest's calls (an identifier to show, and the tokens it is signed in with), the guest
 * records payments and sessions read, the hand-over to an account, and the idle-guest purge.
 */
export function createGuestsModule(deps: {
  db: Db;
  records: GuestRepository;
  tokens: TokenService;
  limits: Record<RateLimitedCall, RateLimit>;
  now: () => Date;
  purgeIntervalMs?: number;
  log: { warn: (details: object, message: string) => void };
}) {
  const { records } = deps;
  const service = createGuestService({ guests: records, tokens: deps.tokens, now: deps.now });
  const purge = startGuestPurge({
    db: deps.db,
    guests: records,
    now: deps.now,
    intervalMs: deps.purgeIntervalMs ?? DEFAULT_GUEST_PURGE_INTERVAL_MS,
    log: deps.log,
  });
  return {
    purge,
    registerRoutes(app: FastifyInstance, register: RegisterCall) {
      registerGuestRoutes(register, service, deps.limits);
      app.addHook('onClose', () => purge.close());
    },
  };
}
