import { randomBytes } from 'node:crypto';
import { type CallParsedRequest, type TransactionView } from '@evc/contract';
import { isGuestPaymentMethod, isTariffFree, sessionStateOnResume } from '@evc/domain';
import { newId } from '../../platform/crypto.ts';
import type { ChargingSessionRow } from '../../platform/db/schema.ts';
import { driverOf, ownerColumns } from '../../platform/driver.ts';
import { AppError, guestPaysByCard, validationError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/call-registrar.ts';
import { chargerOffline } from '../charge-point/charger-commands.ts';
import {
  boostProfile,
  defaultProfileFilter,
  pauseProfile,
  pauseProfileFilter,
  startLimitProfile,
} from '../charge-point/charging-profiles.ts';
import { announceSessionChanged } from './events.ts';
import { ownedSession } from './owned-session.ts';
import { chargerNotFound, connectorBusy, notCharging } from './session-errors.ts';
import type { SessionServiceDeps } from './session-service-deps.ts';
import { homeTariffAtStart } from '../home/home-charge.ts';
import { chargerMaxAmps } from '../home/schedule-profile.ts';
import { sessionTariff } from './session-tariff.ts';
import type { SessionView } from './session-view.ts';

/** How long a charger has, after accepting a remote start, to start the transaction. */
export const DEFAULT_START_TIMEOUT_MS = 3 * 60_000;

/** An OCPP idTag (CiString20) no one can guess: it starts a transaction paid by its owner. */
const remoteIdTag = () => `R${randomBytes(9).toString('hex').toUpperCase()}`;

/**
 * What the driver asks of their session from the app: start it (paid through SessionPayments,
 * linked to the charger's transaction by the id tag issued for it), stop, pause and resume it.
 */
export function createDriverCommands(
  deps: Pick<
    SessionServiceDeps,
    | 'sessions'
    | 'transactions'
    | 'chargers'
    | 'commands'
    | 'payments'
    | 'bus'
    | 'now'
    | 'memberTariff'
  >,
  parts: {
    view: SessionView['view'];
    reject: (row: ChargingSessionRow) => Promise<ChargingSessionRow>;
  },
  startTimeoutMs: number,
) {
  const changed = (row: ChargingSessionRow) => announceSessionChanged(deps.bus, row);
  const { view, reject } = parts;
  const owned = (auth: AuthContext, sessionId: string) =>
    ownedSession(deps.sessions, auth, sessionId);

  async function remoteStart(
    auth: AuthContext,
    body: CallParsedRequest<'remoteStartTransaction'>,
  ): Promise<TransactionView> {
    const driver = driverOf(auth);
    if (driver.kind === 'guest' && !isGuestPaymentMethod(body.source)) throw guestPaysByCard();
    const found = await deps.chargers.findById(body.chargerid);
    // A home charger is private (spec 001 §6): only its owner starts a charge there.
    if (!found || (found.charger.home && found.charger.ownerId !== auth.userId))
      throw chargerNotFound();
    const connector = found.connectors.find(
      (c) => c.connectorNumber === body.connectorid && c.connectorNumber !== 0,
    );
    if (!connector) throw validationError('connectorid', 'no such connector on this charger');
    if (!found.charger.online) throw chargerOffline();
    if ((await deps.sessions.openOnConnector(found.charger.id, connector.connectorNumber)).length)
      throw connectorBusy();

    // The session keeps the tariff it started with: leaving a group mid-charge changes nothing.
    // A guest belongs to no group: the public tariff.
    // At the driver's own home charger it is free: no card, intent or wallet is needed.
    const tariff = await sessionTariff(deps, found, driver.kind === 'user' ? driver.id : null);
    const sessionId = newId();
    const authorised = await deps.payments.authoriseStart({
      userId: auth.userId,
      sessionId,
      source: body.source,
      intentId: body.intent_id,
      tariff: {
        payableByFuelCard: tariff.payableByFuelCard,
        free: isTariffFree(tariff),
        currency: tariff.currency,
      },
    });
    const idTag = remoteIdTag();
    let row: ChargingSessionRow;
    try {
      const owner = ownerColumns(driver);
      await deps.transactions.issueTag(idTag, owner.userId, 'remote', owner.guestId);
      row = await deps.sessions.insert({
        id: sessionId,
        ...owner,
        chargerId: found.charger.id,
        connectorNumber: connector.connectorNumber,
        idTag,
        source: body.source,
        intentId: authorised.hold?.intentId ?? null,
        state: 'pending',
        tariff,
        homeTariff: homeTariffAtStart(found.charger),
        limitA: body.profile?.limitA ?? null,
        startDeadline: new Date(deps.now().getTime() + startTimeoutMs),
        heldMinor: authorised.held,
        paymentStatus: authorised.held > 0 ? 'held' : 'none',
      });
    } catch (error) {
      await deps.payments.release({
        sessionId,
        userId: auth.userId,
        intentId: authorised.hold?.intentId ?? null,
      });
      throw error;
    }
    changed(row);

    let answer: { status: string };
    try {
      answer = await deps.commands.remoteStart(found.charger.id, {
        idTag,
        connectorId: connector.connectorNumber,
        ...(body.profile ? { chargingProfile: startLimitProfile(body.profile.limitA) } : {}),
      });
    } catch (error) {
      await reject(row);
      throw error;
    }
    if (answer.status !== 'Accepted') return view(await reject(row));
    // The charger may have started already: read what StartTransaction wrote.
    return view((await deps.sessions.findById(row.id)) ?? row);
  }

  async function remoteStop(auth: AuthContext, sessionId: string): Promise<TransactionView> {
    const row = await owned(auth, sessionId);
    if (row.state === 'pending') return view(await reject(row));
    if (row.state === 'finished' || row.state === 'rejected' || row.transactionId === null)
      return view(row);
    const answer = await deps.commands.remoteStop(row.chargerId, row.transactionId);
    if (answer.status !== 'Accepted')
      throw new AppError(409, 'STOP_REJECTED', 'The charger refused to stop the session');
    return view((await deps.sessions.findById(row.id)) ?? row);
  }

  async function pause(auth: AuthContext, sessionId: string): Promise<TransactionView> {
    const row = await owned(auth, sessionId);
    if (row.state === 'paused') return view(row);
    if (row.transactionId === null || !['charging', 'pausedByVehicle'].includes(row.state))
      throw notCharging();
    // Marked before the command: the charger's StatusNotification may beat its answer here.
    await deps.sessions.updateLive(row.id, { pausedByDriver: true });
    const answer = await deps.commands
      .setChargingProfile(row.chargerId, row.connectorNumber, pauseProfile(row.transactionId))
      .catch(async (error: unknown) => {
        await deps.sessions.updateLive(row.id, { pausedByDriver: false });
        throw error;
      });
    if (answer.status !== 'Accepted') {
      await deps.sessions.updateLive(row.id, { pausedByDriver: false });
      throw new AppError(409, 'PAUSE_REJECTED', 'The charger cannot pause this session');
    }
    const paused = await deps.sessions.updateLive(row.id, {
      state: 'paused',
      pausedByDriver: true,
    });
    if (paused) changed(paused);
    return view(paused ?? row);
  }

  async function unpause(auth: AuthContext, sessionId: string): Promise<TransactionView> {
    const row = await owned(auth, sessionId);
    if (row.transactionId === null || row.state !== 'paused') throw notCharging();
    // Cleared before the command, so a Charging status that arrives first is read as charging.
    await deps.sessions.updateLive(row.id, { pausedByDriver: false });
    const stillPaused = () => deps.sessions.updateLive(row.id, { pausedByDriver: true });
    const answer = await deps.commands
      .clearChargingProfile(row.chargerId, pauseProfileFilter)
      .catch(async (error: unknown) => {
        await stillPaused();
        throw error;
      });
    if (answer.status !== 'Accepted') {
      await stillPaused();
      throw new AppError(409, 'UNPAUSE_REJECTED', 'The charger cannot resume this session');
    }
    const resumed = await deps.sessions.updateLive(row.id, {
      state: sessionStateOnResume(row.vehicleIdleSince),
      pausedByDriver: false,
    });
    if (resumed) changed(resumed);
    return view(resumed ?? row);
  }

  async function clearDefaultProfile(auth: AuthContext, sessionId: string): Promise<true> {
    const row = await owned(auth, sessionId);
    const found = await deps.chargers.findById(row.chargerId);
    if (found?.charger.home) {
      // Issue 17, a boost: this session charges now at the charger's most, whatever its
      // schedule says; the schedule stays for the sessions after it.
      const running = ['charging', 'paused', 'pausedByVehicle'];
      if (row.transactionId === null || !running.includes(row.state)) throw notCharging();
      const answer = await deps.commands.setChargingProfile(
        row.chargerId,
        row.connectorNumber,
        boostProfile(row.transactionId, chargerMaxAmps(found)),
      );
      if (answer.status !== 'Accepted') {
        throw new AppError(409, 'BOOST_REJECTED', 'The charger cannot charge this session now');
      }
      return true;
    }
    // 'Unknown' means there was no default profile to clear: the outcome the driver wants.
    await deps.commands.clearChargingProfile(
      row.chargerId,
      defaultProfileFilter(row.connectorNumber),
    );
    return true;
  }

  return {
    remoteStart,
    remoteStop,
    pause,
    unpause,
    clearDefaultProfile,
  };
}
