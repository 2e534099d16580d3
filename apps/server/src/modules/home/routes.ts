import type { RegisterCall } from '../../platform/http/call-registrar.ts';
import type { RateLimit } from '../../platform/http/rate-limits.ts';
import { bodyField } from '../../platform/http/rate-limits.ts';
import type { EnergySupplierService } from './energy-suppliers.ts';
import type { HomeService } from './service.ts';

export function registerHomeRoutes(
  register: RegisterCall,
  { home, suppliers }: { home: HomeService; suppliers: EnergySupplierService },
  claimLimit: RateLimit,
): void {
  register('listHomeChargers', ({ auth }) => home.list(auth));
  // Adoption attempts are counted per address and per charger: a code cannot be guessed.
  register('claimCharger', ({ auth, body }) => home.claim(auth, body), {
    rateLimit: { ...claimLimit, per: [bodyField('chargerid')] },
  });
  register('updateHomeCharger', ({ auth, params, body }) => home.update(auth, params.id, body));
  register('listEnergySuppliers', () => suppliers.list());
  register('operatorReplaceEnergySuppliers', ({ auth, body }) => suppliers.replace(auth, body));
}
