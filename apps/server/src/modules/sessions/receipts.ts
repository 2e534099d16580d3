import { tariffInput } from '@evc/contract';
import { energyKwh, transactionDurationSeconds } from '@evc/domain';
import type { ChargingSessionRow } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/call-registrar.ts';
import { receiptMail } from '../mail/templates/receipt.ts';
import { ownedSession } from './owned-session.ts';
import type { SessionServiceDeps } from './session-service-deps.ts';
import type { SessionView } from './session-view.ts';

/** The receipt of a finished session, mailed in the driver's language. */
export function createReceipts(
  deps: Pick<SessionServiceDeps, 'sessions' | 'users' | 'chargers' | 'mailer' | 'now'>,
  pricing: Pick<SessionView, 'currencyOf'>,
) {
  async function sendReceipt(row: ChargingSessionRow) {
    const user = await deps.users.findById(row.userId);
    if (!user || !row.startedAt || !row.stoppedAt) return;
    const found = await deps.chargers.findById(row.chargerId);
    const tariff = tariffInput.parse(row.tariff);
    const currency = await pricing.currencyOf(tariff);
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
      endReason: row.endReason,
    });
    await deps.mailer.sendMail({ to: user.email, ...mail });
  }

  /** The driver asks for the receipt of one of their finished sessions. */
  async function receipt(auth: AuthContext, sessionId: string): Promise<true> {
    const row = await ownedSession(deps.sessions, auth, sessionId);
    if (row.state !== 'finished')
      throw new AppError(409, 'TRANSACTION_NOT_FINISHED', 'The session has not finished yet');
    await sendReceipt(row);
    return true;
  }

  return {
    sendReceipt,
    receipt,
  };
}
