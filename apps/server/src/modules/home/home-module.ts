import type { Db } from '../../platform/db/database.ts';
import type { RegisterCall } from '../../platform/http/call-registrar.ts';
import type { RateLimit } from '../../platform/http/rate-limits.ts';
import type { ChargerRepository } from '../chargers/repository.ts';
import type { UserRepository } from '../users/repository.ts';
import { createEnergySupplierRepository, createEnergySupplierService } from './energy-suppliers.ts';
import { createHomeRepository } from './repository.ts';
import { registerHomeRoutes } from './routes.ts';
import { createHomeService } from './service.ts';

/**
 * Home chargers (spec 001): adoption by their owner, their settings and home tariff, and the
 * energy suppliers and plans the tariff wizard lists.
 */
export function createHomeModule(deps: {
  db: Db;
  chargers: ChargerRepository;
  users: UserRepository;
  claimLimit: RateLimit;
  now: () => Date;
}) {
  const service = createHomeService({
    home: createHomeRepository(deps.db),
    chargers: deps.chargers,
    now: deps.now,
  });
  const suppliers = createEnergySupplierService({
    suppliers: createEnergySupplierRepository(deps.db),
    users: deps.users,
  });
  return {
    registerRoutes: (register: RegisterCall) =>
      registerHomeRoutes(register, { home: service, suppliers }, deps.claimLimit),
  };
}
