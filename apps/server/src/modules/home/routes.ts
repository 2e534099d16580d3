import type { RegisterCall } from '../../platform/http/call-registrar.ts';
import type { RateLimit } from '../../platform/http/rate-limits.ts';
import { bodyField } from '../../platform/http/rate-limits.ts';
import type { EnergySupplierService } from './energy-suppliers.ts';
import type { ScheduleService } from './schedule-service.ts';
import type { HomeService } from './service.ts';

export function registerHomeRoutes(
  register: RegisterCall,
  {
    home,
    suppliers,
    schedules,
  }: { home: HomeService; suppliers: EnergySupplierService; schedules: ScheduleService },
  claimLimit: RateLimit,
): void {
  register('listHomeChargers', ({ auth }) => home.list(auth));
  // Adoption attempts are counted per address and per charger: a code cannot be guessed.
  register('claimCharger', ({ auth, body }) => home.claim(auth, body), {
    rateLimit: { ...claimLimit, per: [bodyField('chargerid')] },
  });
  register('updateHomeCharger', ({ auth, params, body }) => home.update(auth, params.id, body));
  register('getChargerSchedules', ({ auth, params }) => schedules.get(auth, params.chargerid));
  register('putChargerSchedules', ({ auth, params, body }) =>
    schedules.put(auth, params.chargerid, body),
  );
  register('getGovernmentDefaultProfile', ({ auth, params }) =>
    schedules.governmentDefault(auth, params.chargerid),
  );
  register('getReadyBy', ({ auth, params }) => schedules.readyBy(auth, params.chargerid));
  register('putReadyBy', ({ auth, params, body }) =>
    schedules.putReadyBy(auth, params.chargerid, body),
  );
  register('listEnergySuppliers', () => suppliers.list());
  register('operatorReplaceEnergySuppliers', ({ auth, body }) => suppliers.replace(auth, body));
}
