import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import type { RegisterCall } from '../../platform/http/call-registrar.ts';
import type { UserRepository } from '../users/repository.ts';
import { createGroupRepository } from './repository.ts';
import { registerGroupRoutes } from './routes.ts';
import { createGroupService, type EffectiveTariffFor } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What a driver's groups change elsewhere: the tariff they pay at a charger. */
    groups: { effectiveTariffFor: EffectiveTariffFor };
  }
}

/** Affiliation calls, the operator's group calls, and `app.groups` for chargers and sessions. */
export function registerGroups(
  app: FastifyInstance,
  register: RegisterCall,
  deps: { db: Db; users: UserRepository; now: () => Date },
): { effectiveTariffFor: EffectiveTariffFor } {
  const service = createGroupService({
    groups: createGroupRepository(deps.db),
    users: deps.users,
    now: deps.now,
  });
  registerGroupRoutes(register, service);
  const exposed = {
    effectiveTariffFor: (userId: string, chargerId: string) =>
      service.effectiveTariffFor(userId, chargerId),
  };
  app.decorate('groups', exposed);
  return exposed;
}
