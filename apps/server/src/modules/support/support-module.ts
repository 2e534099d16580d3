import type { Db } from '../../platform/db/database.ts';
import type { RegisterCall, StaffGate } from '../../platform/http/call-registrar.ts';
import type { UserRepository } from '../users/repository.ts';
import { createAuditLog } from './audit-log.ts';
import { createHelpline } from './helpline.ts';
import { registerSupportRoutes } from './routes.ts';
import { createSupportService, type SupportServiceDeps } from './service.ts';
import { createStaffGate } from './staff-gate.ts';
import { createSupportRepository } from './support-repository.ts';

/**
 * Support (issue 18): the console's calls for staff, the gate every call passes (staff only,
 * masquerade calls audited and limited), the audit log and the helpline log.
 */
export function createSupportModule(
  deps: Omit<SupportServiceDeps, 'repo' | 'audit'> & { db: Db; users: UserRepository },
) {
  const audit = createAuditLog(deps.db, deps.now);
  const service = createSupportService({
    ...deps,
    repo: createSupportRepository(deps.db),
    audit,
  });
  const helpline = createHelpline({ db: deps.db, now: deps.now });
  const gate: StaffGate = createStaffGate({ users: deps.users, audit });
  return {
    gate,
    registerRoutes: (register: RegisterCall) =>
      registerSupportRoutes(register, { service, helpline, audit, db: deps.db, now: deps.now }),
  };
}
