import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import type { Authenticate, RegisterCall } from '../../platform/http/call-registrar.ts';
import { createChargingSessionRepository } from './charging-session-repository.ts';
import { registerSessionLiveEvents } from './live-events.ts';
import { registerSessionRoutes } from './routes.ts';
import { createSessionService } from './service.ts';
import type { SessionServiceDeps } from './session-service-deps.ts';

/** The driver's charging sessions: their calls, their live stream, and the sweep behind them. */
export function createSessionsModule(
  deps: Omit<SessionServiceDeps, 'sessions'> & {
    db: Db;
    authenticate: Authenticate;
    keepAliveMs?: number;
  },
) {
  const records = createChargingSessionRepository(deps.db);
  const service = createSessionService({ ...deps, sessions: records });
  return {
    service,
    registerRoutes(app: FastifyInstance, register: RegisterCall) {
      registerSessionRoutes(register, service);
      registerSessionLiveEvents(app, {
        bus: deps.bus,
        sessions: records,
        service,
        authenticate: deps.authenticate,
        keepAliveMs: deps.keepAliveMs,
      });
      app.addHook('onClose', () => service.close());
    },
  };
}
