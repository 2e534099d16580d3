import type { FastifyInstance } from 'fastify';
import {
  createCentralSystem,
  DEFAULT_HEARTBEAT_SECONDS,
  MISSED_HEARTBEATS,
  type CentralSystemDeps,
} from './central-system.ts';

/** The OCPP 1.6J central system: the inbound routes of chargers, on the app's own port. */
export function createOcppModule(deps: CentralSystemDeps & { severalNodes: boolean }) {
  const centralSystem = createCentralSystem(deps);
  return {
    connectedChargers: () => centralSystem.connectedCount(),
    /** Cuts every charger's socket at once: a stopping node's grace has run out. */
    cut: () => centralSystem.cut(),

    registerRoutes(app: FastifyInstance): void {
      // One process holds every charger socket: at start none is connected yet. Among several,
      // the others hold theirs (a dead node's go Offline when its presence lapses, ADR 0031):
      // only chargers with no owner, silent for longer than missed heartbeats allow, are Offline.
      app.addHook('onReady', () =>
        deps.severalNodes
          ? deps.chargers.silentOffline(
              new Date(
                deps.now().getTime() -
                  (deps.heartbeatSeconds ?? DEFAULT_HEARTBEAT_SECONDS) * 1000 * MISSED_HEARTBEATS,
              ),
            )
          : deps.chargers.allOffline(),
      );
      // Before the HTTP server closes: it waits for every connection to end, chargers' sockets too.
      app.addHook('preClose', () => centralSystem.close());
      centralSystem.attach(app.server);
    },
  };
}
