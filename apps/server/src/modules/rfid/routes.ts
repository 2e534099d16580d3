import type { RegisterCall } from '../../platform/http/call-registrar.ts';
import type { RfidService } from './service.ts';

export function registerRfidRoutes(register: RegisterCall, rfid: RfidService) {
  register('createRFID', ({ auth, body }) => rfid.create(auth, body));
  register('linkRFIDByCardnumber', ({ auth, body }) => rfid.linkByCardnumber(auth, body));
  register('unlinkRFID', ({ auth, body }) => rfid.unlink(auth, body));
  register('getUserRFIDs', ({ auth, body }) => rfid.userRfids(auth, body));
}
