import type { Db } from '../../platform/db/database.ts';
import type { RegisterCall } from '../../platform/http/call-registrar.ts';
import type { RateLimit, RateLimitedCall } from '../../platform/http/rate-limits.ts';
import type { TokenService } from '../auth/token-service.ts';
import { createGuestRepository } from './repository.ts';
import { registerGuestRoutes } from './routes.ts';
import { createGuestService } from './service.ts';

/** The guest's calls: an identifier to show, and the tokens it is signed in with. */
export function createGuestsModule(deps: {
  db: Db;
  tokens: TokenService;
  limits: Record<RateLimitedCall, RateLimit>;
  now: () => Date;
}) {
  const service = createGuestService({
    guests: createGuestRepository(deps.db),
    tokens: deps.tokens,
    now: deps.now,
  });
  return {
    registerRoutes: (register: RegisterCall) => registerGuestRoutes(register, service, deps.limits),
  };
}
