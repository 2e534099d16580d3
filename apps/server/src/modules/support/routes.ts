import type { RegisterCall } from '../../platform/http/call-registrar.ts';
import { TextAnswer } from '../../platform/http/call-registrar.ts';
import type { Db } from '../../platform/db/database.ts';
import type { AuditLog } from './audit-log.ts';
import { chargersWithAvailability } from './charger-availability.ts';
import type { Helpline } from './helpline.ts';
import type { SupportService } from './service.ts';

/** The console's calls; the registrar lets only staff signed in with a second factor through. */
export function registerSupportRoutes(
  register: RegisterCall,
  deps: { service: SupportService; helpline: Helpline; audit: AuditLog; db: Db; now: () => Date },
) {
  const { service, helpline } = deps;
  register('consoleFindDrivers', ({ auth, body }) => service.find(auth, body.query));
  register('consoleDriverOverview', ({ auth, params }) => service.overview(auth, params.driverid));
  register('consoleCreditBalance', ({ auth, params, body }) =>
    service.credit(auth, params.driverid, body),
  );
  register('consoleMasquerade', ({ auth, params, body }) =>
    service.masquerade(auth, params.driverid, body.reason),
  );
  register('consoleStopSession', ({ auth, params, body }) =>
    service.stop(auth, params.sessionid, body.reason),
  );
  register('consoleResendReceipt', ({ auth, params, body }) =>
    service.resendReceipt(auth, params.sessionid, body.reason),
  );
  register('consoleRefund', ({ auth, params, body }) =>
    service.refund(auth, params.sessionid, body),
  );
  register('consoleUnlockConnector', ({ auth, params, body }) =>
    service.unlock(auth, params.chargerid, body),
  );
  register('consoleChargers', () => chargersWithAvailability(deps.db, deps.now()));
  register('consoleAudit', ({ query }) => service.auditLog(query));
  register('consoleHelplineRecord', async ({ auth, body }) => {
    const contact = await helpline.record(auth.userId, body);
    await deps.audit.append({
      staffId: auth.userId,
      action: 'consoleHelplineRecord',
      target: { kind: contact.subject.kind, id: contact.subject.id },
      reason: null,
      detail: `contact ${contact.id}`,
    });
    return contact;
  });
  register('consoleHelplineList', ({ query }) => helpline.list(query));
  register('consoleHelplineExport', async ({ query }) => {
    const csv = await helpline.exportCsv(query.quarter);
    return new TextAnswer('text/csv; charset=utf-8', csv, `helpline-contacts-${query.quarter}.csv`);
  });
}
