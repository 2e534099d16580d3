import { tariffInput } from '@evc/contract';
import {
  DEFAULT_LANGUAGE,
  energyKwh,
  isChargeFinishedAlertDue,
  preferredLanguage,
  transactionDurationSeconds,
} from '@evc/domain';
import type { ChargingSessionRow } from '../../platform/db/schema.ts';
import { driverOf, guestName } from '../../platform/driver.ts';
import { AppError, validationError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/call-registrar.ts';
import { receiptMail } from '../mail/templates/receipt.ts';
import { ownedSession } from './owned-session.ts';
import type { SessionServiceDeps } from './session-service-deps.ts';
import type { SessionView } from './session-view.ts';

interface ReceiptRecipient {
  to: string;
  language: string;
  firstName: string;
  guestCode?: string;
}

/**
 * The receipt of a finished session: to the account's address in the account's language, or to
 * the address a guest gave, in the language its app asked in, naming its guest code (ADR 0021).
 */
export function createReceipts(
  deps: Pick<SessionServiceDeps, 'sessions' | 'users' | 'guests' | 'chargers' | 'mailer' | 'now'>,
  pricing: Pick<SessionView, 'currencyOf'>,
) {
  async function recipientOf(row: ChargingSessionRow): Promise<ReceiptRecipient | undefined> {
    if (row.guestId) {
      const guest = await deps.guests.findById(row.guestId);
      if (!guest?.email) return undefined;
      return {
        to: guest.email,
        language: guest.languageCode ?? DEFAULT_LANGUAGE,
        firstName: guestName(guest.code),
        guestCode: guest.code,
      };
    }
    const user = row.userId ? await deps.users.findById(row.userId) : undefined;
    if (!user) return undefined;
    return { to: user.email, language: user.languageCode, firstName: user.firstName };
  }

  async function sendReceipt(row: ChargingSessionRow) {
    const recipient = await recipientOf(row);
    if (!recipient || !row.startedAt || !row.stoppedAt) return;
    const found = await deps.chargers.findById(row.chargerId);
    const tariff = tariffInput.parse(row.tariff);
    const currency = await pricing.currencyOf(tariff);
    const mail = receiptMail(recipient.language, {
      firstName: recipient.firstName,
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
      ...(recipient.guestCode ? { guestCode: recipient.guestCode } : {}),
    });
    await deps.mailer.sendMail({ to: recipient.to, ...mail });
  }

  /**
   * Whether settling mails the receipt unasked: a user's charge-finished alert says so; a guest
   * who gave an address gets every receipt there.
   */
  async function isAutomaticReceiptDue(row: ChargingSessionRow): Promise<boolean> {
    if (row.guestId) return Boolean((await deps.guests.findById(row.guestId))?.email);
    const user = row.userId ? await deps.users.findById(row.userId) : undefined;
    return Boolean(
      user && isChargeFinishedAlertDue(user.emailPrefs.charge_finished_alert, row.costTotal),
    );
  }

  /**
   * The driver asks for the receipt of one of their finished sessions. A guest names the address
   * (kept for its later receipts); a user's goes to the account's address.
   */
  async function receipt(
    auth: AuthContext,
    request: { transactionid: string; email?: string | undefined },
    acceptLanguage: string | undefined,
  ): Promise<true> {
    const driver = driverOf(auth);
    if (driver.kind === 'guest' && request.email === undefined)
      throw validationError('email', 'Please enter the address to send your receipt to');
    if (driver.kind === 'user' && request.email !== undefined)
      throw validationError('email', 'your receipt goes to your account’s address; send none');
    const row = await ownedSession(deps.sessions, auth, request.transactionid);
    if (row.state !== 'finished')
      throw new AppError(409, 'TRANSACTION_NOT_FINISHED', 'The session has not finished yet');
    if (driver.kind === 'guest' && request.email !== undefined) {
      await deps.guests.setReceiptAddress(
        driver.id,
        request.email,
        preferredLanguage(acceptLanguage),
      );
    }
    await sendReceipt(row);
    return true;
  }

  return {
    sendReceipt,
    isAutomaticReceiptDue,
    receipt,
  };
}

export type Receipts = ReturnType<typeof createReceipts>;
