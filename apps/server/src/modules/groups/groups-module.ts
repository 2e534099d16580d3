import type { Db } from '../../platform/db/database.ts';
import type { RegisterCall } from '../../platform/http/call-registrar.ts';
import type { UserRepository } from '../users/repository.ts';
import { createGroupRepository } from './repository.ts';
import { registerGroupRoutes } from './routes.ts';
import { createGroupService } from './service.ts';

/** Affiliation calls, the operator's group calls, and the tariff a driver's groups give them. */
export function createGroupsModule(deps: { db: Db; users: UserRepository; now: () => Date }) {
  const service = createGroupService({
    groups: createGroupRepository(deps.db),
    users: deps.users,
    now: deps.now,
  });
  return {
    /** What a driver's groups change elsewhere: the tariff they pay at a charger. */
    effectiveTariffFor: (userId: string, chargerId: string) =>
      service.effectiveTariffFor(userId, chargerId),
    effectiveTariffsFor: (userId: string, chargerIds: readonly string[]) =>
      service.effectiveTariffsFor(userId, chargerIds),
    registerRoutes: (register: RegisterCall) => registerGroupRoutes(register, service),
  };
}

export type GroupsModule = ReturnType<typeof createGroupsModule>;
