import { connectorUnlockVerdict, isCableHeld, toConnectorStatus } from '@evc/domain';
import { forbidden, validationError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/call-registrar.ts';
import { chargerNotFound, connectorBusy, sessionNotFound } from './session-errors.ts';
import type { SessionServiceDeps } from './session-service-deps.ts';

/** The driver releases their cable from the connector, and asks whether it is out (ADR 0015). */
export function createCableRelease(
  deps: Pick<
    SessionServiceDeps,
    'sessions' | 'transactions' | 'chargers' | 'commands' | 'guests' | 'now'
  >,
) {
  /**
   * The connector, when the caller's cable is the one in it: their current or just-finished
   * session is the newest there and nobody else's runs (`connectorUnlockVerdict`).
   */
  async function connectorOfMine(auth: AuthContext, chargerId: string, connectorNumber: number) {
    const found = await deps.chargers.findById(chargerId);
    if (!found) throw chargerNotFound();
    const connector = found.connectors.find((c) => c.connectorNumber === connectorNumber);
    if (!connector) throw validationError('connectorid', 'no such connector on this charger');
    const [latest, open, ongoing] = await Promise.all([
      deps.sessions.latestOnConnector(chargerId, connectorNumber),
      deps.sessions.openOnConnector(chargerId, connectorNumber),
      deps.transactions.ongoing(chargerId, connectorNumber),
    ]);
    const verdict = connectorUnlockVerdict({
      callerId: auth.userId,
      latest: latest
        ? {
            ownerId: latest.ownerId,
            state: latest.state,
            transactionId: latest.transactionId,
            endedAt: latest.state === 'rejected' ? latest.updatedAt : latest.stoppedAt,
            awaitingUnplug: latest.awaitingUnplug,
          }
        : null,
      openSessionOwners: open.map((row) => row.ownerId),
      runningTransactionIds: ongoing.map((tx) => tx.transactionId),
      connector: { status: connector.status, statusAt: connector.statusAt },
      now: deps.now(),
    });
    switch (verdict) {
      case 'allowed':
        return { found, connector, ongoing };
      case 'notYourSession':
        throw sessionNotFound();
      case 'connectorInUse':
        throw connectorBusy();
    }
  }

  async function unlock(auth: AuthContext, chargerId: string, connectorNumber: number) {
    await connectorOfMine(auth, chargerId, connectorNumber);
    return deps.commands.unlockConnector(chargerId, connectorNumber);
  }

  async function unlockCheck(
    auth: AuthContext,
    query: { chargerid: string; connectorid: number; userid: string },
  ) {
    // A guest names itself by its id or by its guest code (what its app shows).
    const isCaller =
      query.userid === auth.userId ||
      (auth.scope === 'guest' && (await deps.guests.findById(auth.userId))?.code === query.userid);
    if (!isCaller) throw forbidden();
    const { found, connector, ongoing } = await connectorOfMine(
      auth,
      query.chargerid,
      query.connectorid,
    );
    const status = found.charger.online ? toConnectorStatus(connector.status) : 'Offline';
    return { released: ongoing.length === 0 && !isCableHeld(status), status };
  }

  return {
    unlock,
    unlockCheck,
  };
}
