import type { Db } from '../../platform/db/database.ts';
import type { RegisterCall } from '../../platform/http/call-registrar.ts';
import type { RateLimit } from '../../platform/http/rate-limits.ts';
import type { ChargerRepository } from '../chargers/repository.ts';
import type { ChargerCommands } from '../charge-point/charger-commands.ts';
import type { UserRepository } from '../users/repository.ts';
import { createEnergySupplierRepository, createEnergySupplierService } from './energy-suppliers.ts';
import { createHomeRepository } from './repository.ts';
import { registerHomeRoutes } from './routes.ts';
import { createScheduleApplier, type ScheduleLog } from './schedule-profile.ts';
import { createScheduleRepository } from './schedule-repository.ts';
import { createScheduleService } from './schedule-service.ts';
import { createHomeService } from './service.ts';

/**
 * Home chargers (spec 001): adoption by their owner, their settings, home tariff and charging
 * schedules (issue 17), and the energy suppliers and plans the tariff wizard lists.
 */
export function createHomeModule(deps: {
  db: Db;
  chargers: ChargerRepository;
  users: UserRepository;
  commands: ChargerCommands;
  claimLimit: RateLimit;
  now: () => Date;
  log: ScheduleLog;
}) {
  const schedules = createScheduleRepository(deps.db);
  const applier = createScheduleApplier({
    schedules,
    chargers: deps.chargers,
    commands: deps.commands,
    now: deps.now,
    log: deps.log,
  });
  const service = createHomeService({
    home: createHomeRepository(deps.db),
    chargers: deps.chargers,
    applier,
    now: deps.now,
  });
  const scheduleService = createScheduleService({
    chargers: deps.chargers,
    schedules,
    applier,
    now: deps.now,
  });
  const suppliers = createEnergySupplierService({
    suppliers: createEnergySupplierRepository(deps.db),
    users: deps.users,
  });
  return {
    registerRoutes: (register: RegisterCall) =>
      registerHomeRoutes(
        register,
        { home: service, suppliers, schedules: scheduleService },
        deps.claimLimit,
      ),
    /**
     * A charger connected or booted: a home charger is sent its schedule again (issue 17), as it
     * may have lost it or missed a change while offline.
     */
    chargerReady: (chargerId: string): void => {
      void applier.apply(chargerId).catch((error: unknown) => {
        deps.log.warn({ chargerId, error: String(error) }, 'home charger schedule not sent');
      });
    },
  };
}
