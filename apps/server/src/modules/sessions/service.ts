import { randomBytes } from 'node:crypto';
import {
  CONNECTOR_STATUSES,
  tariffInput,
  type CallParsedRequest,
  type TariffData,
  type TransactionView,
} from '@evc/contract';
import {
  connectorUnlockVerdict,
  DEFAULT_DECIMAL_DIGITS,
  energyKwh,
  hasOverstayFees,
  isChargeFinishedAlertDue,
  isTariffFree,
  needsPaymentIntent,
  sessionCost,
  transactionDurationSeconds,
  type PaymentMethod,
  type SessionCost,
} from '@evc/domain';
import type { Bus } from '../../platform/bus/bus.ts';
import { newId } from '../../platform/crypto.ts';
import type { ChargingSessionRow } from '../../platform/db/schema.ts';
import { AppError, forbidden, validationError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/call-registrar.ts';
import type { ChargerRepository } from '../chargers/repository.ts';
import type { Mailer } from '../mail/mailer.ts';
import { receiptMail } from '../mail/templates/receipt.ts';
import { chargerOffline, type ChargerCommands } from '../ocpp/charger-commands.ts';
import type { SessionPayments } from '../payments/session-payments.ts';
import type { ReferenceRepository } from '../reference/repository.ts';
import type { UserRepository } from '../users/repository.ts';
import type { ChargingSessionRepository } from './charging-session-repository.ts';
import { SESSION_CHANGED_SUBJECT, type SessionChanged } from './events.ts';
import type { TransactionRepository } from './transaction-repository.ts';

/** How long a charger has, after accepting a remote start, to start the transaction. */
export const DEFAULT_START_TIMEOUT_MS = 3 * 60_000;
/** A settlement claimed this long ago without a result is tried again (a crash, a hang). */
export const DEFAULT_SETTLEMENT_RETRY_MS = 5 * 60_000;
/** Attempts at settling one session before it is left failed for a person to look at. */
export const MAX_SETTLEMENT_ATTEMPTS = 5;
/** The longest a stopped session waits for its cable to come out; the overstay ends there. */
export const DEFAULT_UNPLUG_WAIT_LIMIT_MS = 12 * 60 * 60_000;
/** The id of the 0 A profile that pauses a session, so resuming clears exactly that profile. */
export const PAUSE_PROFILE_ID = 7301;
const START_PROFILE_ID = 7300;

/** Connector statuses in which the cable is still held by a session. */
const CABLE_HELD = new Set(['Preparing', 'Charging', 'SuspendedEV', 'SuspendedEVSE', 'Finishing']);

const sessionNotFound = () => new AppError(404, 'TRANSACTION_NOT_FOUND', 'Transaction Not Found');
const chargerNotFound = () => new AppError(404, 'CHARGER_NOT_FOUND', 'Charger Not Found');
const connectorBusy = () => new AppError(409, 'CONNECTOR_BUSY', 'This connector is already in use');
const notCharging = () =>
  new AppError(409, 'TRANSACTION_NOT_CHARGING', 'This session is not charging');

type ConnectorStatus = TransactionView['connectorStatus'];
const knownStatus = (status: string): ConnectorStatus =>
  (CONNECTOR_STATUSES as readonly string[]).includes(status)
    ? (status as ConnectorStatus)
    : 'Unknown';

/** An OCPP idTag (CiString20) no one can guess: it starts a transaction paid by its owner. */
const remoteIdTag = () => `R${randomBytes(9).toString('hex').toUpperCase()}`;

export interface TransactionStartedHook {
  transactionId: number;
  chargerId: string;
  connectorNumber: number;
  idTag: string;
  meterStartWh: number;
  startedAt: Date;
}

export interface MeterSampleHook {
  /** The charger that sent the sample: a session takes only its own charger's. */
  chargerId: string;
  transactionId: number | null;
  energyWh: number | null;
  powerW: number | null;
  sampledAt: Date;
}

export interface TransactionStoppedHook {
  transactionId: number;
  /** The charger that sent the stop: a session takes only its own charger's. */
  chargerId: string;
  meterStopWh: number;
  stoppedAt: Date;
  reason?: string | null;
}

export interface ConnectorStatusHook {
  chargerId: string;
  connectorNumber: number;
  status: string;
  reportedAt: Date;
}

export interface SessionServiceDeps {
  sessions: ChargingSessionRepository;
  transactions: TransactionRepository;
  chargers: ChargerRepository;
  users: UserRepository;
  reference: ReferenceRepository;
  commands: ChargerCommands;
  payments: SessionPayments;
  mailer: Mailer;
  bus: Bus;
  now: () => Date;
  startTimeoutMs?: number;
  /** How long a claimed settlement may go without a result before it is tried again. */
  settlementRetryMs?: number;
  /** How long a session stopped with the cable in waits for the unplug (its overstay's cap). */
  unplugWaitLimitMs?: number;
  /** The tariff a driver's user group gives them at this charger, if any (affiliations). */
  memberTariff?: (userId: string, chargerId: string) => Promise<TariffData | null>;
  log: { warn: (details: object, message: string) => void };
}

/**
 * The driver's charging session: started remotely and paid through SessionPayments, linked to the
 * charger's OCPP transaction by the id tag issued for it, priced live from MeterValues, finished
 * at StopTransaction and settled once: at once, or at the unplug when the tariff charges for
 * overstay and the cable is still in (ADR 0013). Every change is announced on the bus for live
 * views.
 */
export function createSessionService(deps: SessionServiceDeps) {
  const startTimeoutMs = deps.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS;
  const settlementRetryMs = deps.settlementRetryMs ?? DEFAULT_SETTLEMENT_RETRY_MS;
  const unplugWaitLimitMs = deps.unplugWaitLimitMs ?? DEFAULT_UNPLUG_WAIT_LIMIT_MS;

  const changed = (row: ChargingSessionRow) =>
    deps.bus.publish(SESSION_CHANGED_SUBJECT, {
      sessionId: row.id,
      userId: row.userId,
    } satisfies SessionChanged);

  async function owned(auth: AuthContext, sessionId: string) {
    const row = await deps.sessions.findById(sessionId);
    // Another driver's session answers as if it did not exist.
    if (!row || row.userId !== auth.userId) throw sessionNotFound();
    return row;
  }

  async function currencyOf(tariff: TariffData) {
    const found = await deps.reference.findCurrency(tariff.currency);
    return {
      code: tariff.currency,
      symbol: found?.symbol ?? tariff.currency,
      decimal_digits: found?.decimalDigits ?? DEFAULT_DECIMAL_DIGITS,
    };
  }

  /**
   * The cost so far (open session: up to now) or final (stopped), from every stored sample; a
   * stopped session whose cable stayed in overstays until `overstayUntil`.
   */
  async function costOf(
    row: ChargingSessionRow,
    tariff: TariffData,
    decimalDigits: number,
    stop: { stoppedAt: Date; meterStopWh: number } | null,
    overstayUntil?: Date,
  ): Promise<SessionCost | null> {
    if (row.transactionId === null || !row.startedAt) return null;
    const samples = await deps.transactions.meterValues(row.transactionId);
    return sessionCost({
      tariff,
      decimalDigits,
      startedAt: row.startedAt,
      stoppedAt: stop?.stoppedAt ?? null,
      now: deps.now(),
      meterStartWh: row.meterStartWh ?? 0,
      meterStopWh: stop?.meterStopWh ?? null,
      samples: samples.flatMap((sample) =>
        sample.energyWh === null ? [] : [{ at: sample.sampledAt, energyWh: sample.energyWh }],
      ),
      chargingEndedAt: row.vehicleIdleSince,
      ...(overstayUntil ? { overstayUntil } : {}),
      heldMinor: needsPaymentIntent(row.source as PaymentMethod) ? row.heldMinor : null,
    });
  }

  const stopOf = (row: ChargingSessionRow) =>
    row.stoppedAt && row.meterStopWh !== null
      ? { stoppedAt: row.stoppedAt, meterStopWh: row.meterStopWh }
      : null;

  /** A card session whose cost reached its hold: more overstay could not be charged. */
  const holdExhausted = (row: ChargingSessionRow, cost: SessionCost) =>
    needsPaymentIntent(row.source as PaymentMethod) && cost.total >= row.heldMinor;

  /** Whether the session's connector last reported a cable in it. */
  async function isCableIn(row: ChargingSessionRow) {
    const found = await deps.chargers.findById(row.chargerId);
    const connector = found?.connectors.find((c) => c.connectorNumber === row.connectorNumber);
    return connector !== undefined && CABLE_HELD.has(connector.status);
  }

  const costColumns = (cost: SessionCost) => ({
    costTotal: cost.total,
    costParts: cost.parts,
    breakdown: cost.breakdown,
  });

  async function view(row: ChargingSessionRow): Promise<TransactionView> {
    const found = await deps.chargers.findById(row.chargerId);
    const tariff = tariffInput.parse(row.tariff);
    const currency = await currencyOf(tariff);
    const finished = row.state === 'finished';
    const live = row.awaitingUnplug
      ? await costOf(row, tariff, currency.decimal_digits, stopOf(row), deps.now())
      : finished || row.state === 'rejected'
        ? null
        : await costOf(row, tariff, currency.decimal_digits, null);
    const cost = live ?? { total: row.costTotal, parts: row.costParts, breakdown: row.breakdown };
    const connector = found?.connectors.find((c) => c.connectorNumber === row.connectorNumber);
    const meterStart = row.meterStartWh ?? 0;
    return {
      _id: row.id,
      id: row.transactionId,
      chargerid: row.chargerId,
      barcode: found?.charger.barcode ?? '',
      chargerName: found?.charger.name ?? '',
      connectorid: row.connectorNumber,
      state: row.state,
      connectorStatus: found?.charger.online ? knownStatus(connector?.status ?? '') : 'Offline',
      source: row.source as PaymentMethod,
      intent_id: row.intentId,
      data: {
        startdate: row.startedAt?.toISOString() ?? null,
        enddate: row.stoppedAt?.toISOString() ?? null,
        finished,
        meterStart: row.meterStartWh,
        meterStop: row.meterStopWh,
        cost: {
          applied_cost: { total: cost.total, currency },
          parts: cost.parts,
        },
        homeCharge: null,
        tariff,
      },
      kWh: row.startedAt
        ? energyKwh(meterStart, row.meterStopWh ?? row.lastEnergyWh ?? meterStart)
        : 0,
      duration: row.startedAt
        ? transactionDurationSeconds({
            startedAt: row.startedAt,
            endedAt: row.stoppedAt,
            finished,
            now: deps.now(),
          })
        : 0,
      powerW: finished ? 0 : row.powerW,
      breakdown: cost.breakdown,
      payment: { held: row.heldMinor, captured: row.capturedMinor, status: row.paymentStatus },
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** A session that never started: rejected once, its hold released. */
  async function reject(row: ChargingSessionRow): Promise<ChargingSessionRow> {
    const rejected = await deps.sessions.rejectPending(row.id);
    if (!rejected) return (await deps.sessions.findById(row.id)) ?? row;
    await deps.payments.release({ sessionId: row.id, userId: row.userId, intentId: row.intentId });
    const released =
      (await deps.sessions.update(row.id, {
        paymentStatus: row.paymentStatus === 'held' ? 'released' : row.paymentStatus,
      })) ?? rejected;
    changed(released);
    return released;
  }

  async function sendReceipt(row: ChargingSessionRow) {
    const user = await deps.users.findById(row.userId);
    if (!user || !row.startedAt || !row.stoppedAt) return;
    const found = await deps.chargers.findById(row.chargerId);
    const tariff = tariffInput.parse(row.tariff);
    const currency = await currencyOf(tariff);
    const mail = receiptMail(user.languageCode, {
      firstName: user.firstName,
      chargerName: found?.charger.name ?? '',
      startedAt: row.startedAt,
      endedAt: row.stoppedAt,
      durationSeconds: transactionDurationSeconds({
        startedAt: row.startedAt,
        endedAt: row.stoppedAt,
        finished: true,
        now: deps.now(),
      }),
      kWh: energyKwh(row.meterStartWh ?? 0, row.meterStopWh ?? 0),
      currency,
      total: row.costTotal,
      parts: row.costParts,
      breakdown: row.breakdown,
    });
    await deps.mailer.sendMail({ to: user.email, ...mail });
  }

  /** Takes the final cost once, however many times StopTransaction arrives. */
  async function settleOnce(row: ChargingSessionRow) {
    if (!(await deps.sessions.claimSettlement(row.id, deps.now()))) return;
    await settleClaimed(row, 1);
  }

  /** Settles a session this caller claimed: attempt 1 at the stop, later ones from the sweep. */
  async function settleClaimed(row: ChargingSessionRow, attempt: number) {
    const tariff = tariffInput.parse(row.tariff);
    const retryAt = () =>
      attempt < MAX_SETTLEMENT_ATTEMPTS
        ? new Date(deps.now().getTime() + settlementRetryMs * attempt)
        : null;
    let patch: Partial<ChargingSessionRow>;
    try {
      const result = await deps.payments.settle({
        userId: row.userId,
        sessionId: row.id,
        source: row.source as PaymentMethod,
        intentId: row.intentId,
        amountMinor: row.costTotal,
        currency: tariff.currency,
        attempt,
      });
      patch = {
        paymentStatus: result.status,
        capturedMinor: result.captured,
        settlementRetryAt: result.retryable ? retryAt() : null,
      };
    } catch (error) {
      deps.log.warn({ sessionId: row.id, error: String(error) }, 'session payment not settled');
      patch = { paymentStatus: 'failed', settlementRetryAt: retryAt() };
    }
    if (patch.paymentStatus === 'failed' && !patch.settlementRetryAt) {
      deps.log.warn({ sessionId: row.id, attempt }, 'session payment failed for good');
    }
    const final = (await deps.sessions.update(row.id, patch)) ?? row;
    changed(final);
    if (final.paymentStatus === 'failed') return;
    const user = await deps.users.findById(row.userId);
    if (user && isChargeFinishedAlertDue(user.emailPrefs.charge_finished_alert, final.costTotal)) {
      if (await deps.sessions.claimReceipt(row.id, deps.now())) await sendReceipt(final);
    }
  }

  /** The overstay of a session stopped with the cable in ends (unplug or cap); then it settles. */
  async function endOverstay(row: ChargingSessionRow, at: Date) {
    const tariff = tariffInput.parse(row.tariff);
    const digits = (await currencyOf(tariff)).decimal_digits;
    const until = row.stoppedAt && at < row.stoppedAt ? row.stoppedAt : at;
    const cost = await costOf(row, tariff, digits, stopOf(row), until);
    const ended = await deps.sessions.endUnplugWait(row.id, {
      unpluggedAt: until,
      ...(cost ? costColumns(cost) : {}),
    });
    // Another caller (the unplug report, another node's sweep) ended it first.
    if (!ended) return;
    changed(ended);
    await settleOnce(ended);
  }

  /**
   * A new transaction on the connector (started from Finishing, or the charger missed reporting
   * Available while offline): the car that overstayed has left the bay by its start.
   */
  async function endOverstaysBefore(tx: TransactionStartedHook) {
    const waiting = await deps.sessions.awaitingUnplug({
      chargerId: tx.chargerId,
      connectorNumber: tx.connectorNumber,
    });
    for (const row of waiting) {
      const stoppedBefore = row.stoppedAt !== null && row.stoppedAt <= tx.startedAt;
      if (row.transactionId !== tx.transactionId && stoppedBefore)
        await endOverstay(row, tx.startedAt);
    }
  }

  /** A session waiting for its unplug: its overstay shown as it grows, ended at its cap. */
  async function followOverstay(row: ChargingSessionRow) {
    const now = deps.now();
    const limit = new Date((row.stoppedAt ?? row.updatedAt).getTime() + unplugWaitLimitMs);
    if (now >= limit) return endOverstay(row, limit);
    const tariff = tariffInput.parse(row.tariff);
    const cost = await costOf(
      row,
      tariff,
      (await currencyOf(tariff)).decimal_digits,
      stopOf(row),
      now,
    );
    if (!cost || holdExhausted(row, cost)) return endOverstay(row, now);
    if (cost.total === row.costTotal) return;
    const updated = await deps.sessions.updateAwaitingUnplug(row.id, costColumns(cost));
    if (updated) changed(updated);
  }

  async function rejectOverdue() {
    for (const row of await deps.sessions.overduePending(deps.now())) await reject(row);
  }

  /** Settlements a crash, a hang or a transient provider failure left undone (ADR 0013). */
  async function settleDue() {
    const now = deps.now();
    const staleBefore = new Date(now.getTime() - settlementRetryMs);
    const due = await deps.sessions.settlementsDue(now, staleBefore, MAX_SETTLEMENT_ATTEMPTS);
    for (const row of due) {
      if (!(await deps.sessions.reclaimSettlement(row.id, now, row.settlementAttempts))) continue;
      deps.log.warn(
        { sessionId: row.id, attempt: row.settlementAttempts + 1 },
        'settling a session again',
      );
      await settleClaimed(row, row.settlementAttempts + 1);
    }
  }

  async function followUnplugWaits() {
    for (const row of await deps.sessions.awaitingUnplug()) await followOverstay(row);
  }

  // Pending sessions past their deadline, settlements left undone and overstays waiting for the
  // unplug, wherever they began (another node, before a restart), are found by the database,
  // not by timers kept in memory.
  let sweeping = false;
  async function sweepOnce() {
    if (sweeping) return;
    sweeping = true;
    try {
      for (const [work, what] of [
        [rejectOverdue, 'pending sessions not swept'],
        [followUnplugWaits, 'overstays not followed'],
        [settleDue, 'settlements not retried'],
      ] as const) {
        await work().catch((error: unknown) => deps.log.warn({ error: String(error) }, what));
      }
    } finally {
      sweeping = false;
    }
  }
  const sweep = setInterval(
    () => void sweepOnce(),
    Math.max(50, Math.min(startTimeoutMs / 2, settlementRetryMs / 2, 15_000)),
  );
  sweep.unref();

  return {
    view,

    async remoteStart(
      auth: AuthContext,
      body: CallParsedRequest<'remoteStartTransaction'>,
    ): Promise<TransactionView> {
      const found = await deps.chargers.findById(body.chargerid);
      if (!found) throw chargerNotFound();
      const connector = found.connectors.find(
        (c) => c.connectorNumber === body.connectorid && c.connectorNumber !== 0,
      );
      if (!connector) throw validationError('connectorid', 'no such connector on this charger');
      if (!found.charger.online) throw chargerOffline();
      if ((await deps.sessions.openOnConnector(found.charger.id, connector.connectorNumber)).length)
        throw connectorBusy();

      // The session keeps the tariff it started with: leaving a group mid-charge changes nothing.
      const tariff =
        (await deps.memberTariff?.(auth.userId, found.charger.id)) ??
        tariffInput.parse(found.charger.tariff);
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
        await deps.transactions.issueTag(idTag, auth.userId, 'remote');
        row = await deps.sessions.insert({
          id: sessionId,
          userId: auth.userId,
          chargerId: found.charger.id,
          connectorNumber: connector.connectorNumber,
          idTag,
          source: body.source,
          intentId: authorised.hold?.intentId ?? null,
          state: 'pending',
          tariff,
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
          ...(body.profile
            ? {
                chargingProfile: {
                  chargingProfileId: START_PROFILE_ID,
                  stackLevel: 0,
                  chargingProfilePurpose: 'TxProfile',
                  chargingProfileKind: 'Relative',
                  chargingSchedule: {
                    chargingRateUnit: 'A',
                    chargingSchedulePeriod: [{ startPeriod: 0, limit: body.profile.limitA }],
                  },
                },
              }
            : {}),
        });
      } catch (error) {
        await reject(row);
        throw error;
      }
      if (answer.status !== 'Accepted') return view(await reject(row));
      // The charger may have started already: read what StartTransaction wrote.
      return view((await deps.sessions.findById(row.id)) ?? row);
    },

    async remoteStop(auth: AuthContext, sessionId: string): Promise<TransactionView> {
      const row = await owned(auth, sessionId);
      if (row.state === 'pending') return view(await reject(row));
      if (row.state === 'finished' || row.state === 'rejected' || row.transactionId === null)
        return view(row);
      const answer = await deps.commands.remoteStop(row.chargerId, row.transactionId);
      if (answer.status !== 'Accepted')
        throw new AppError(409, 'STOP_REJECTED', 'The charger refused to stop the session');
      return view((await deps.sessions.findById(row.id)) ?? row);
    },

    async pause(auth: AuthContext, sessionId: string): Promise<TransactionView> {
      const row = await owned(auth, sessionId);
      if (row.state === 'paused') return view(row);
      if (row.transactionId === null || !['charging', 'pausedByVehicle'].includes(row.state))
        throw notCharging();
      // Marked before the command: the charger's StatusNotification may beat its answer here.
      await deps.sessions.updateLive(row.id, { pausedByDriver: true });
      const answer = await deps.commands
        .setChargingProfile(row.chargerId, row.connectorNumber, {
          chargingProfileId: PAUSE_PROFILE_ID,
          transactionId: row.transactionId,
          stackLevel: 1,
          chargingProfilePurpose: 'TxProfile',
          chargingProfileKind: 'Relative',
          chargingSchedule: {
            chargingRateUnit: 'A',
            chargingSchedulePeriod: [{ startPeriod: 0, limit: 0 }],
          },
        })
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
    },

    async unpause(auth: AuthContext, sessionId: string): Promise<TransactionView> {
      const row = await owned(auth, sessionId);
      if (row.transactionId === null || row.state !== 'paused') throw notCharging();
      // Cleared before the command, so a Charging status that arrives first is read as charging.
      await deps.sessions.updateLive(row.id, { pausedByDriver: false });
      const stillPaused = () => deps.sessions.updateLive(row.id, { pausedByDriver: true });
      const answer = await deps.commands
        .clearChargingProfile(row.chargerId, { id: PAUSE_PROFILE_ID })
        .catch(async (error: unknown) => {
          await stillPaused();
          throw error;
        });
      if (answer.status !== 'Accepted') {
        await stillPaused();
        throw new AppError(409, 'UNPAUSE_REJECTED', 'The charger cannot resume this session');
      }
      const resumed = await deps.sessions.updateLive(row.id, {
        state: row.vehicleIdleSince ? 'pausedByVehicle' : 'charging',
        pausedByDriver: false,
      });
      if (resumed) changed(resumed);
      return view(resumed ?? row);
    },

    async clearDefaultProfile(auth: AuthContext, sessionId: string): Promise<true> {
      const row = await owned(auth, sessionId);
      // 'Unknown' means there was no default profile to clear: the outcome the driver wants.
      await deps.commands.clearChargingProfile(row.chargerId, {
        connectorId: row.connectorNumber,
        chargingProfilePurpose: 'TxDefaultProfile',
      });
      return true;
    },

    async byId(auth: AuthContext, sessionId: string) {
      return view(await owned(auth, sessionId));
    },

    async latest(auth: AuthContext) {
      const row = await deps.sessions.latestForUser(auth.userId);
      return row ? view(row) : null;
    },

    async openForUser(userId: string) {
      return Promise.all((await deps.sessions.openForUser(userId)).map(view));
    },

    async unlock(auth: AuthContext, chargerId: string, connectorNumber: number) {
      await connectorOfMine(auth, chargerId, connectorNumber);
      return deps.commands.unlockConnector(chargerId, connectorNumber);
    },

    unlockCheck: unlockCheckOf,

    async receipt(auth: AuthContext, sessionId: string): Promise<true> {
      const row = await owned(auth, sessionId);
      if (row.state !== 'finished')
        throw new AppError(409, 'TRANSACTION_NOT_FINISHED', 'The session has not finished yet');
      await sendReceipt(row);
      return true;
    },

    /**
     * StartTransaction (first or replayed): links the session whose id tag it carries, or starts
     * the session of a driver's RFID card. 'Blocked' when nobody pays for that card's session.
     */
    async transactionStarted(tx: TransactionStartedHook): Promise<'Blocked' | null> {
      await endOverstaysBefore(tx);
      const linked = await deps.sessions.linkTransaction(tx.idTag, tx.chargerId, {
        transactionId: tx.transactionId,
        startedAt: tx.startedAt,
        meterStartWh: tx.meterStartWh,
      });
      if (linked) {
        changed(linked);
        return null;
      }
      const tag = await deps.transactions.findTag(tx.idTag);
      if (tag?.kind === 'rfid') return tag.userId ? startedByCard(tx, tag.userId) : null;
      const late = await deps.sessions.findByIdTag(tx.idTag);
      if (late?.state === 'rejected' && late.transactionId === null) {
        // Started after its time-out: its hold is gone, so nobody would pay for it. Stopped once
        // the charger has its answer (and so knows the transaction id).
        deps.log.warn(
          { sessionId: late.id, transactionId: tx.transactionId },
          'a charger started a session after its time-out; stopping it',
        );
        setTimeout(() => {
          deps.commands
            .remoteStop(tx.chargerId, tx.transactionId)
            .catch((error: unknown) =>
              deps.log.warn({ error: String(error) }, 'late session not stopped'),
            );
        }, 0);
      }
      return null;
    },

    /** MeterValues: the energy, power and live cost of the sessions they belong to. */
    async metered(samples: MeterSampleHook[]) {
      const byTransaction = new Map<number, MeterSampleHook[]>();
      for (const sample of samples) {
        if (sample.transactionId === null) continue;
        byTransaction.set(sample.transactionId, [
          ...(byTransaction.get(sample.transactionId) ?? []),
          sample,
        ]);
      }
      for (const [transactionId, list] of byTransaction) {
        const row = await deps.sessions.findByTransactionId(transactionId);
        if (!row || row.state === 'finished' || row.state === 'rejected') continue;
        if (list.some((sample) => sample.chargerId !== row.chargerId)) continue;
        const latest = list.reduce((a, b) => (b.sampledAt >= a.sampledAt ? b : a));
        const energies = list.flatMap((sample) =>
          sample.energyWh === null ? [] : [sample.energyWh],
        );
        const tariff = tariffInput.parse(row.tariff);
        const cost = await costOf(row, tariff, (await currencyOf(tariff)).decimal_digits, null);
        const updated = await deps.sessions.updateLive(row.id, {
          lastEnergyWh: Math.max(row.lastEnergyWh ?? 0, ...energies),
          powerW: latest.powerW ?? row.powerW,
          ...(cost ? costColumns(cost) : {}),
        });
        if (updated) changed(updated);
      }
    },

    /** StatusNotification: paused by the vehicle or by the driver's 0 A profile, or charging. */
    async connectorStatus(report: ConnectorStatusHook) {
      const open = await deps.sessions.openOnConnector(report.chargerId, report.connectorNumber);
      for (const row of open) {
        let patch: Partial<ChargingSessionRow> = {};
        if (row.transactionId !== null) {
          if (report.status === 'SuspendedEV')
            patch = {
              state: row.pausedByDriver ? 'paused' : 'pausedByVehicle',
              vehicleIdleSince: row.vehicleIdleSince ?? report.reportedAt,
            };
          else if (report.status === 'SuspendedEVSE') patch = { state: 'paused' };
          else if (report.status === 'Charging')
            patch = { state: row.pausedByDriver ? 'paused' : 'charging', vehicleIdleSince: null };
        }
        const updated =
          Object.keys(patch).length > 0 ? await deps.sessions.updateLive(row.id, patch) : row;
        changed(updated ?? row);
      }
      // The cable is out: a session stopped with it in stops overstaying and is settled.
      if (report.status !== 'Available') return;
      const waiting = await deps.sessions.awaitingUnplug({
        chargerId: report.chargerId,
        connectorNumber: report.connectorNumber,
      });
      for (const row of waiting) await endOverstay(row, report.reportedAt);
    },

    /** StopTransaction (first, replayed or late): the final cost, then settlement once. */
    async transactionStopped(tx: TransactionStoppedHook) {
      let row = await deps.sessions.findByTransactionId(tx.transactionId);
      if (!row || row.state === 'rejected' || row.chargerId !== tx.chargerId) return;
      if (row.state !== 'finished') {
        const tariff = tariffInput.parse(row.tariff);
        const digits = (await currencyOf(tariff)).decimal_digits;
        const stoppedAt =
          row.startedAt && tx.stoppedAt < row.startedAt ? row.startedAt : tx.stoppedAt;
        const cost = await costOf(row, tariff, digits, { stoppedAt, meterStopWh: tx.meterStopWh });
        // With overstay fees and the cable still in, the bay is still taken: settled at the unplug.
        const awaitingUnplug =
          cost !== null &&
          hasOverstayFees(tariff) &&
          tx.reason !== 'EVDisconnected' &&
          !holdExhausted(row, cost) &&
          (await isCableIn(row));
        const finished = await deps.sessions.updateOpen(row.id, {
          state: 'finished',
          stoppedAt,
          meterStopWh: tx.meterStopWh,
          lastEnergyWh: tx.meterStopWh,
          powerW: 0,
          pausedByDriver: false,
          awaitingUnplug,
          ...(cost ? costColumns(cost) : {}),
        });
        row = finished ?? (await deps.sessions.findById(row.id)) ?? row;
        if (finished) changed(finished);
      }
      if (row.awaitingUnplug) {
        // The unplug may have been reported while the stop was being recorded.
        if (!(await isCableIn(row))) await endOverstay(row, deps.now());
        return;
      }
      await settleOnce(row);
    },

    /**
     * Authorize for a driver's RFID card: Accepted when someone can pay for the charge here at the
     * owner's tariff (their group's, if any): their credit, or their default card (ADR 0012).
     */
    async cardStatus(input: { chargerId: string; userId: string }) {
      const tariff = await cardOwnerTariff(input.userId, input.chargerId);
      if (!tariff) return 'Blocked' as const;
      const source = await deps.payments.cardSessionSource({
        userId: input.userId,
        tariffFree: isTariffFree(tariff),
      });
      return source ? ('Accepted' as const) : ('Blocked' as const);
    },

    rejectOverdue,

    close() {
      clearInterval(sweep);
    },
  };

  /** Blocked for good: recorded, so a replay is Blocked without another hold on the card. */
  async function refuseUnpaid(tx: TransactionStartedHook, reason: string) {
    await deps.transactions.refusePayment(tx.transactionId);
    stopUnpaid(tx, reason);
    return 'Blocked' as const;
  }

  function stopUnpaid(tx: TransactionStartedHook, reason: string) {
    deps.log.warn({ transactionId: tx.transactionId, reason }, 'an RFID start is not paid for');
    // After the charger has its answer, so it knows the transaction id.
    setTimeout(() => {
      deps.commands
        .remoteStop(tx.chargerId, tx.transactionId)
        .catch((error: unknown) =>
          deps.log.warn({ error: String(error) }, 'unpaid RFID session not stopped'),
        );
    }, 0);
  }

  /** The card owner's tariff here: their group's at its operator's chargers, else the charger's. */
  async function cardOwnerTariff(userId: string, chargerId: string) {
    const found = await deps.chargers.findById(chargerId);
    if (!found) return null;
    return (
      (await deps.memberTariff?.(userId, chargerId)) ?? tariffInput.parse(found.charger.tariff)
    );
  }

  /**
   * A StartTransaction with the driver's RFID card and no remote start: the session is the card
   * owner's, paid from their credit or held off-session on their default card (ADR 0012).
   * Answers 'Blocked' when nobody pays, and stops the transaction. Replays find the session by
   * its transaction, or the refusal recorded on it: Blocked again, the card not held again.
   */
  async function startedByCard(
    tx: TransactionStartedHook,
    userId: string,
  ): Promise<'Blocked' | null> {
    if (await deps.sessions.findByTransactionId(tx.transactionId)) return null;
    if ((await deps.transactions.findById(tx.transactionId))?.paymentStatus === 'refused') {
      // The charger may not have had the first answer, nor so the stop: it is asked again.
      stopUnpaid(tx, 'refused at its first StartTransaction');
      return 'Blocked';
    }
    const tariff = await cardOwnerTariff(userId, tx.chargerId);
    if (!tariff) return null;
    const free = isTariffFree(tariff);
    const sessionId = newId();
    const source = await deps.payments.cardSessionSource({ userId, tariffFree: free });
    if (!source) return refuseUnpaid(tx, 'no usable credit and no default card');
    let authorised: Awaited<ReturnType<SessionPayments['holdDefaultCard']>>;
    try {
      authorised =
        source === 'CREDIT'
          ? await deps.payments.authoriseStart({
              userId,
              sessionId,
              source,
              intentId: null,
              tariff: {
                payableByFuelCard: tariff.payableByFuelCard,
                free,
                currency: tariff.currency,
              },
            })
          : await deps.payments.holdDefaultCard({
              userId,
              sessionId,
              tariff: { free, currency: tariff.currency },
            });
    } catch (error) {
      // A replay racing this one may have recorded the session first.
      if (await deps.sessions.findByTransactionId(tx.transactionId)) return null;
      return refuseUnpaid(tx, String(error));
    }
    const intentId = authorised.hold?.intentId ?? null;
    let row: ChargingSessionRow;
    try {
      row = await deps.sessions.insert({
        id: sessionId,
        userId,
        chargerId: tx.chargerId,
        connectorNumber: tx.connectorNumber,
        // A card starts many sessions: its uid and the transaction make the session's own tag.
        idTag: `${tx.idTag}:${tx.transactionId}`,
        source,
        intentId,
        state: 'charging',
        tariff,
        limitA: null,
        startDeadline: tx.startedAt,
        transactionId: tx.transactionId,
        startedAt: tx.startedAt,
        meterStartWh: tx.meterStartWh,
        heldMinor: authorised.held,
        paymentStatus: authorised.held > 0 ? 'held' : 'none',
      });
    } catch (error) {
      await deps.payments.release({ sessionId, userId, intentId });
      // A replay racing this one recorded the session first.
      if (await deps.sessions.findByTransactionId(tx.transactionId)) return null;
      throw error;
    }
    changed(row);
    return null;
  }

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
            ownerId: latest.userId,
            state: latest.state,
            transactionId: latest.transactionId,
            endedAt: latest.state === 'rejected' ? latest.updatedAt : latest.stoppedAt,
            awaitingUnplug: latest.awaitingUnplug,
          }
        : null,
      openSessionOwners: open.map((row) => row.userId),
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

  async function unlockCheckOf(
    auth: AuthContext,
    query: { chargerid: string; connectorid: number; userid: string },
  ) {
    if (query.userid !== auth.userId) throw forbidden();
    const { found, connector, ongoing } = await connectorOfMine(
      auth,
      query.chargerid,
      query.connectorid,
    );
    const status = found.charger.online ? knownStatus(connector.status) : 'Offline';
    return { released: ongoing.length === 0 && !CABLE_HELD.has(status), status };
  }
}

export type SessionService = ReturnType<typeof createSessionService>;
