import type { RegisterCall } from '../../platform/http/call-registrar.ts';
import type { HistoryService } from './service.ts';

export function registerHistoryRoutes(register: RegisterCall, history: HistoryService) {
  register('getChargeHistory', ({ auth, body }) => history.chargeHistory(auth, body), {
    answerFromSchema: true,
  });
  register('getDashboardData', ({ auth, body }) => history.dashboard(auth, body));
}
