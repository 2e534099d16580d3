import { isOwnHomeCharger, isTariffFree } from '@evc/domain';
import { newId } from '../../platform/crypto.ts';
import type { ChargingSessionRow } from '../../platform/db/schema.ts';
import type { SessionPayments } from '../payments/session-payments.ts';
import { stopAfterAnswer, type TransactionStartedHook } from './charger-reports.ts';
import { announceSessionChanged } from './events.ts';
import { homeTariffAtStart } from '../home/home-charge.ts';
import { sessionTariff } from './session-tariff.ts';
import type { SessionServiceDeps } from './session-service-deps.ts';

/**
 * Sessions a driver starts with their RFID card at the charger, no app involved: the card
 * owner's, at their tariff, paid from their credit or held off-session on their default card
 * (ADR 0012).
 */
export function createCardSessions(
  deps: Pick<
    SessionServiceDeps,
    | 'sessions'
    | 'transactions'
    | 'chargers'
    | 'commands'
    | 'payments'
    | 'bus'
    | 'memberTariff'
    | 'log'
  >,
) {
  const changed = (row: ChargingSessionRow) => announceSessionChanged(deps.bus, row);

  function stopUnpaid(tx: TransactionStartedHook, reason: string) {
    deps.log.warn({ transactionId: tx.transactionId, reason }, 'an RFID start is not paid for');
    stopAfterAnswer(deps, tx, 'unpaid RFID session not stopped');
  }

  /** Blocked for good: recorded, so a replay is Blocked without another hold on the card. */
  async function refuseUnpaid(tx: TransactionStartedHook, reason: string) {
    await deps.transactions.refusePayment(tx.transactionId);
    stopUnpaid(tx, reason);
    return 'Blocked' as const;
  }

  /**
   * The card owner's tariff here (`sessionTariff`: free at their own home charger). Null when the
   * charger is not there, or is someone else's home charger: only its owner's cards start it.
   */
  /** The card owner's tariff at the charger, and the home tariff in force there (issue 16). */
  async function cardOwnerTariff(userId: string, chargerId: string) {
    const found = await deps.chargers.findById(chargerId);
    if (!found) return null;
    if (found.charger.home && !isOwnHomeCharger(found.charger, userId)) return null;
    const tariff = await sessionTariff(deps, found, userId);
    return tariff && { tariff, homeTariff: homeTariffAtStart(found.charger) };
  }

  /**
   * Authorize for a driver's RFID card: Accepted when someone can pay for the charge here at
   * the owner's tariff (their group's, if any): their credit, or their default card.
   */
  async function cardStatus(input: { chargerId: string; userId: string }) {
    const priced = await cardOwnerTariff(input.userId, input.chargerId);
    if (!priced) return 'Blocked' as const;
    const source = await deps.payments.cardSessionSource({
      userId: input.userId,
      tariffFree: isTariffFree(priced.tariff),
      tariffCurrency: priced.tariff.currency,
    });
    return source ? ('Accepted' as const) : ('Blocked' as const);
  }

  /**
   * A StartTransaction with the driver's RFID card and no remote start. Answers 'Blocked' when
   * nobody pays, and stops the transaction. Replays find the session by its transaction, or the
   * refusal recorded on it: Blocked again, the card not held again.
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
    const priced = await cardOwnerTariff(userId, tx.chargerId);
    if (!priced) {
      // Another household's card at a home charger: refused, and the charge stopped.
      const found = await deps.chargers.findById(tx.chargerId);
      return found ? refuseUnpaid(tx, "a card not of the home charger's owner") : null;
    }
    const { tariff, homeTariff } = priced;
    const free = isTariffFree(tariff);
    const sessionId = newId();
    const source = await deps.payments.cardSessionSource({
      userId,
      tariffFree: free,
      tariffCurrency: tariff.currency,
    });
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
        homeTariff,
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

  return {
    cardStatus,
    startedByCard,
  };
}
