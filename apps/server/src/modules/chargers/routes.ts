import type { RegisterCall } from '../../platform/http/call-registrar.ts';
import type { ChargerService } from './service.ts';

export function registerChargerRoutes(register: RegisterCall, chargers: ChargerService): void {
  register('getChargerByBarcode', ({ auth, body }) => chargers.byBarcode(body.barcode, auth), {
    answerFromSchema: true,
  });
  register('operatorCreateCharger', ({ auth, body }) => chargers.create(auth, body));
  register('operatorListChargers', ({ auth }) => chargers.list(auth));
  register('operatorGetCharger', ({ auth, params }) => chargers.get(auth, params.chargerid));
  register('operatorUpdateCharger', ({ auth, params, body }) =>
    chargers.update(auth, params.chargerid, body),
  );
  register('operatorDeleteCharger', ({ auth, params }) => chargers.remove(auth, params.chargerid));
  register('listChargers', ({ auth, body }) => chargers.listPublic(auth, body));
}
