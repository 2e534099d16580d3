import type { RegisterCall } from '../../platform/http/call-registrar.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { ReferenceRepository } from '../reference/repository.ts';
import type { UserRepository } from './repository.ts';
import { registerUserRoutes } from './routes.ts';
import { createUsersService, type AccountSecurity } from './service.ts';
import { createUserView } from './user-view.ts';

/** The driver's own account: what it shows, its settings, its balance, its deletion. */
export function createUsersModule(deps: {
  users: UserRepository;
  reference: ReferenceRepository;
  /** Auth's part of an account (second factors, sign-in sessions), handed in. */
  security: AccountSecurity;
  mailer: Mailer;
  now: () => Date;
  /** What a balance read asking for a refresh first brings up to date (issue 19). */
  beforeRefreshedBalance?: (userId: string) => Promise<boolean>;
}) {
  const service = createUsersService({ ...deps, userView: createUserView(deps.reference) });
  return {
    registerRoutes: (register: RegisterCall) => registerUserRoutes(register, service),
  };
}
