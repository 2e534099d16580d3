import type { Db } from '../../platform/db/database.ts';
import type { RegisterCall } from '../../platform/http/call-registrar.ts';
import type { RateLimit } from '../../platform/http/rate-limits.ts';
import type { ChargerRepository } from '../chargers/repository.ts';
import { createHomeRepository } from './repository.ts';
import { registerHomeRoutes } from './routes.ts';
import { createHomeService } from './service.ts';

/** Home chargers (spec 001): adoption by their owner, their settings and home tariff. */
export function createHomeModule(deps: {
  db: Db;
  chargers: ChargerRepository;
  claimLimit: RateLimit;
  now: () => Date;
}) {
  const service = createHomeService({
    home: createHomeRepository(deps.db),
    chargers: deps.chargers,
    now: deps.now,
  });
  return {
    registerRoutes: (register: RegisterCall) =>
      registerHomeRoutes(register, service, deps.claimLimit),
  };
}
