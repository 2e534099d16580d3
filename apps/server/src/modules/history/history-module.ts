import type { Db } from '../../platform/db/database.ts';
import type { RegisterCall } from '../../platform/http/call-registrar.ts';
import type { GuestRepository } from '../guests/repository.ts';
import type { ReferenceRepository } from '../reference/repository.ts';
import type { UserRepository } from '../users/repository.ts';
import { createHistoryRepository } from './repository.ts';
import { registerHistoryRoutes } from './routes.ts';
import { createHistoryService } from './service.ts';

/** The driver's charging history and dashboard. */
export function createHistoryModule(deps: {
  db: Db;
  users: UserRepository;
  guests: GuestRepository;
  reference: ReferenceRepository;
  now: () => Date;
}) {
  const service = createHistoryService({
    history: createHistoryRepository(deps.db),
    users: deps.users,
    guests: deps.guests,
    reference: deps.reference,
    now: deps.now,
  });
  return {
    registerRoutes: (register: RegisterCall) => registerHistoryRoutes(register, service),
  };
}
