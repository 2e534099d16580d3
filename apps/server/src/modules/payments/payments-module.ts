import type { FastifyInstance } from 'fastify';
import type { PreauthResponse } from '@evc/contract';
import type { Db } from '../../platform/db/database.ts';
import type { RegisterCall } from '../../platform/http/call-registrar.ts';
import type { ChargerRepository } from '../chargers/repository.ts';
import type { UserRepository } from '../users/repository.ts';
import './fastify-payments.ts';
import type { PaymentProviderFactory } from './payment-provider.ts';
import { registerPaymentRoutes } from './routes.ts';
import { createSandboxClient } from './sandbox-client.ts';
import { createSandboxProvider } from './sandbox-provider.ts';
import { createPaymentsService } from './service.ts';
import { createSessionPayments } from './session-payments-service.ts';

/**
 * Payments on the configured provider: the driver's calls, the sandbox's client calls, and
 * `app.payments` for the sessions module.
 */
export function registerPayments(
  app: FastifyInstance,
  register: RegisterCall,
  deps: {
    db: Db;
    users: UserRepository;
    chargers: ChargerRepository;
    preauth: (chargerId: string) => Promise<PreauthResponse>;
    now: () => Date;
  },
) {
  const provider: PaymentProviderFactory = createSandboxProvider;
  const service = createPaymentsService({ ...deps, provider });
  const sandbox = createSandboxClient({ db: deps.db, enabled: true, now: deps.now });
  registerPaymentRoutes(register, service, sandbox);
  app.decorate('payments', createSessionPayments({ db: deps.db, provider }));
}
