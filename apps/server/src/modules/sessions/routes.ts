import type { RegisterCall } from '../../platform/http/call-registrar.ts';
import type { SessionService } from './service.ts';

export function registerSessionRoutes(register: RegisterCall, sessions: SessionService) {
  register('remoteStartTransaction', ({ auth, body }) => sessions.remoteStart(auth, body));
  register('remoteStopTransaction', ({ auth, body }) =>
    sessions.remoteStop(auth, body.transactionid),
  );
  register('pauseTransaction', ({ auth, params }) => sessions.pause(auth, params.transactionid));
  register('unpauseTransaction', ({ auth, params }) =>
    sessions.unpause(auth, params.transactionid),
  );
  register('clearDefaultProfile', ({ auth, body }) =>
    sessions.clearDefaultProfile(auth, body.transactionid),
  );
  register('getTransactionByID', ({ auth, body }) => sessions.byId(auth, body.transactionid), {
    answerFromSchema: true,
  });
  register('latestUserTransaction', ({ auth }) => sessions.latest(auth));
  register('unlockChargerConnector', ({ auth, body }) =>
    sessions.unlock(auth, body.chargerid, body.connectorid),
  );
  register('unlockCheck', ({ auth, query }) => sessions.unlockCheck(auth, query));
  register('sendReceipt', ({ auth, body, request }) =>
    sessions.receipt(auth, body, request.headers['accept-language']),
  );
}
