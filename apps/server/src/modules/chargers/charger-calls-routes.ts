import type { RegisterCall } from '../../platform/http/call-registrar.ts';
import type { ChargerCallsService } from './charger-calls-service.ts';

export function registerChargerCallRoutes(register: RegisterCall, calls: ChargerCallsService) {
  register('getChargerCapabilities', ({ auth, params }) =>
    calls.capabilities(params.chargerid, auth),
  );
  register('getChargerPreauth', ({ auth, params }) => calls.preauth(params.chargerid, auth));
  register('checkMyTransactionData', ({ auth, body }) =>
    calls.myTransaction(auth, body.chargerid, body.connectorid),
  );
  register('getUnauthorizedAuthsOnChargerByBarcode', ({ auth, body }) =>
    calls.unauthorizedAuths(body.barcode, auth),
  );
}
