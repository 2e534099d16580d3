import type { Db } from '../../platform/db/database.ts';
import type { RegisterCall } from '../../platform/http/call-registrar.ts';
import { registerRfidRoutes } from './routes.ts';
import { createRfidService } from './service.ts';

/** The driver's RFID cards. */
export function createRfidModule(deps: { db: Db }) {
  const service = createRfidService({ db: deps.db });
  return {
    registerRoutes: (register: RegisterCall) => registerRfidRoutes(register, service),
  };
}
