import type { Db } from '../../platform/db/database.ts';
import type { RegisterCall } from '../../platform/http/call-registrar.ts';
import { createReferenceRepository } from './repository.ts';
import { registerReferenceRoutes } from './routes.ts';
import { createReferenceService } from './service.ts';

/** Languages, currencies, countries and car types, and the API version calls. */
export function createReferenceModule(deps: { db: Db; apiVersion: string }) {
  const reference = createReferenceRepository(deps.db);
  return {
    reference,
    registerRoutes: (register: RegisterCall) =>
      registerReferenceRoutes(register, createReferenceService(reference, deps.apiVersion)),
  };
}
