import { readMeterValues } from '../charge-point/meter-values.ts';
import type { TransactionLedger } from '../charge-point/transaction-ledger.ts';
import { reportedAt, tellSessions, type MessageContext } from './message-context.ts';
import type { HandleChargePointAction, IdTagStatus, MeterValue } from './ocpp16-messages.ts';

/**
 * Authorize, StartTransaction, StopTransaction and MeterValues of one charger: stored in the
 * transaction ledger, then told to the charging sessions. Late, replayed or out-of-order
 * transaction messages are taken and reconciled: a charger that was offline replays what it
 * queued. Each must name a transaction of its own charger.
 */
export function handleTransactionMessages(
  handle: HandleChargePointAction,
  context: MessageContext & { transactions: TransactionLedger },
): void {
  const { chargerId, transactions, sessions, now, log } = context;

  /**
   * Accepted for a tag the server issued or an RFID card linked to a driver who can pay for the
   * charge (Blocked when they cannot); Invalid otherwise, which the RFID wizard looks for. `tag`
   * is the tag as issued.
   */
  async function authorize(idTag: string) {
    const tag = await transactions.findTag(idTag);
    let status: IdTagStatus = tag ? 'Accepted' : 'Invalid';
    if (tag?.kind === 'rfid') {
      status = tag.userId
        ? ((await sessions?.cardStatus?.({ chargerId, userId: tag.userId })) ?? 'Accepted')
        : 'Invalid';
    }
    await transactions.recordAuthorize({ chargerId, idTag, status, attemptedAt: now() });
    return { status, userId: tag?.userId ?? null, tag };
  }

  /**
   * Whose transaction a charger names. Transaction ids are issued here only: a message naming an
   * id never issued, or another charger's, changes nothing and is logged.
   */
  async function whoseTransaction(transactionId: number, action: string) {
    const owner = (await transactions.findById(transactionId))?.chargerId;
    if (owner === chargerId) return 'own';
    if (owner === undefined) {
      log.warn({ chargerId, transactionId, action }, 'OCPP message names an unknown transaction');
      return 'unknown';
    }
    log.warn(
      { chargerId, ownerChargerId: owner, transactionId, action },
      "OCPP message names another charger's transaction: refused",
    );
    return 'foreign';
  }

  async function storeMeterValues(
    connectorNumber: number,
    transactionId: number | null,
    entries: MeterValue[] | undefined,
  ) {
    const samples = readMeterValues(entries, now()).map((sample) => ({
      chargerId,
      connectorNumber,
      transactionId,
      ...sample,
    }));
    await transactions.addMeterValues(samples);
    await tellSessions(context, (hooks) => hooks.metered(samples));
  }

  handle('Authorize', async ({ idTag }) => {
    const { status } = await authorize(idTag);
    return { idTagInfo: { status } };
  });

  handle('StartTransaction', async (request) => {
    const { idTag } = request;
    const { status, userId, tag } = await authorize(idTag);
    // A tag issued for one remote start starts one transaction (a replay of it is the same one).
    const first = tag?.kind === 'remote' ? await transactions.firstWithTag(tag.idTag) : undefined;
    const { row } = await transactions.start({
      chargerId,
      connectorNumber: request.connectorId,
      idTag,
      userId: first ? null : userId,
      guestId: first ? null : (tag?.guestId ?? null),
      meterStartWh: request.meterStart,
      startedAt: reportedAt(request.timestamp, now()),
    });
    if (first && first.transactionId !== row.transactionId) {
      // OCPP 1.6 §7.23: ConcurrentTx while its transaction runs. No session is told: nobody is
      // billed for this one, and the charger is to stop it.
      log.warn(
        { chargerId, transactionId: row.transactionId, firstTransactionId: first.transactionId },
        'a remote start id tag used again: refused',
      );
      const refusal = first.stoppedAt ? 'Invalid' : 'ConcurrentTx';
      return { transactionId: row.transactionId, idTagInfo: { status: refusal } };
    }
    // The card's owner may turn out unable to pay (their card refused off-session): Blocked
    // tells the charger to end the transaction (OCPP 1.6 §4.8).
    const verdict = await tellSessions(context, (hooks) =>
      hooks.transactionStarted({
        transactionId: row.transactionId,
        chargerId,
        connectorNumber: row.connectorNumber,
        idTag,
        meterStartWh: row.meterStartWh ?? 0,
        startedAt: row.startedAt ?? now(),
      }),
    );
    return { transactionId: row.transactionId, idTagInfo: { status: verdict ?? status } };
  });

  handle('StopTransaction', async (request) => {
    const { transactionId } = request;
    const answer = (status: IdTagStatus) => (request.idTag ? { idTagInfo: { status } } : {});
    const stop = await transactions.stop({
      transactionId,
      chargerId,
      meterStopWh: request.meterStop,
      stoppedAt: reportedAt(request.timestamp, now()),
      reason: request.reason ?? null,
    });
    if (!stop) {
      // OCPP 1.6 §4.10: a StopTransaction is answered all the same, lest it be sent forever.
      const whose = await whoseTransaction(transactionId, 'StopTransaction');
      return answer(whose === 'foreign' ? 'Invalid' : 'Accepted');
    }
    const { row } = stop;
    await storeMeterValues(row.connectorNumber, transactionId, request.transactionData);
    if (row.stoppedAt) {
      const stoppedAt = row.stoppedAt;
      await tellSessions(context, (hooks) =>
        hooks.transactionStopped({
          transactionId,
          chargerId,
          meterStopWh: row.meterStopWh ?? request.meterStop,
          stoppedAt,
          reason: row.stopReason,
        }),
      );
    }
    return answer('Accepted');
  });

  handle('MeterValues', async (request) => {
    const transactionId = request.transactionId ?? null;
    // MeterValues.conf has no refusal: samples naming a transaction not the charger's are dropped.
    if (transactionId !== null && (await whoseTransaction(transactionId, 'MeterValues')) !== 'own')
      return {};
    await storeMeterValues(request.connectorId, transactionId, request.meterValue);
    return {};
  });
}
