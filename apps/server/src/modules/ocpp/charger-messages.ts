import type { ChargerReports } from '../chargers/charger-reports.ts';
import { reportedAt, tellSessions, type MessageContext } from './message-context.ts';
import type { HandleChargePointAction } from './ocpp16-messages.ts';

/**
 * What a charger says about itself: BootNotification, Heartbeat and StatusNotification go to the
 * chargers' records (a status to the charging sessions too); DataTransfer and the diagnostics and
 * firmware notifications are logged.
 */
export function handleChargerMessages(
  handle: HandleChargePointAction,
  context: MessageContext & {
    chargers: ChargerReports;
    heartbeatSeconds: number;
    /** Told once the boot is answered: a charger takes commands only after it is Accepted. */
    booted?: (chargerId: string) => void;
    /** The connection's ownership epoch (ADR 0031). */
    epoch: () => number | null;
    /** The connection turned out not to own its charger any more: it is let go. */
    notOwner: () => void;
  },
): void {
  const { chargerId, chargers, now, log } = context;

  handle('BootNotification', async (request) => {
    const identity = {
      vendor: request.chargePointVendor,
      model: request.chargePointModel,
      serialNumber: request.chargePointSerialNumber ?? request.chargeBoxSerialNumber ?? null,
      firmwareVersion: request.firmwareVersion ?? null,
    };
    await chargers.booted(chargerId, identity);
    log.info({ chargerId, ...identity }, 'charger booted');
    const { booted } = context;
    if (booted) setImmediate(() => booted(chargerId));
    return {
      status: 'Accepted',
      currentTime: now().toISOString(),
      interval: context.heartbeatSeconds,
    };
  });

  // The answer is the time only: it does not wait for the write, which goes with the others
  // heard meanwhile (group commit). A charger in a storm of reconnections is answered at once.
  // It is written only over the connection owning the charger; any other is let go (ADR 0031).
  handle('Heartbeat', () => {
    const epoch = context.epoch();
    if (epoch === null) context.notOwner();
    else
      void chargers.heartbeat(chargerId, epoch).then(
        (owned) => {
          if (!owned) context.notOwner();
        },
        (error: unknown) => {
          log.warn({ chargerId, err: error }, 'heartbeat not written');
        },
      );
    return Promise.resolve({ currentTime: now().toISOString() });
  });

  handle('StatusNotification', async (request) => {
    const report = {
      chargerId,
      connectorNumber: request.connectorId,
      status: request.status,
      reportedAt: reportedAt(request.timestamp, now()),
    };
    await chargers.connectorStatus({
      ...report,
      errorCode: request.errorCode === 'NoError' ? null : request.errorCode,
    });
    await tellSessions(context, (hooks) => hooks.connectorStatus(report));
    return {};
  });

  handle('DataTransfer', (request) => {
    log.info({ chargerId, vendorId: request.vendorId }, 'OCPP DataTransfer');
    // No vendor extension is known to this central system (OCPP 1.6 §6.17).
    return Promise.resolve({ status: 'UnknownVendorId' });
  });

  handle('DiagnosticsStatusNotification', (request) => {
    log.info({ chargerId, status: request.status }, 'OCPP diagnostics status');
    return Promise.resolve({});
  });

  handle('FirmwareStatusNotification', (request) => {
    log.info({ chargerId, status: request.status }, 'OCPP firmware status');
    return Promise.resolve({});
  });
}
