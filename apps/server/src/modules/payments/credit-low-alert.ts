import { availableBalanceMinor, formatMoney, isCreditLowAlertDue } from '@evc/domain';
import type { Mailer } from '../mail/mailer.ts';
import type { BalanceMove } from './repository.ts';
import { creditLowMail } from '../mail/templates/render.ts';
import type { ReferenceRepository } from '../reference/repository.ts';
import type { UserRepository } from '../users/repository.ts';

/**
 * Issue 5: mails the driver when a committed debit takes their available credit below the
 * threshold of their credit-low alert. The caller tells each debit once (movements are unique
 * per reference), so a crossing is mailed once. A mail that cannot be sent is logged: the debit
 * has already happened and must not be reported as failed.
 */
export function createCreditLowAlert(deps: {
  users: UserRepository;
  reference: ReferenceRepository;
  mailer: Mailer;
  appUrl: string;
  log: { error: (details: object, message: string) => void };
}) {
  return async function afterDebit(debit: BalanceMove): Promise<void> {
    try {
      const user = await deps.users.findById(debit.userId);
      if (!user) return;
      const preference = user.emailPrefs.credit_low_alert;
      const availableAfterMinor = availableBalanceMinor(debit.storedAfterMinor);
      const due = isCreditLowAlertDue({
        preference,
        availableBeforeMinor: availableBalanceMinor(debit.storedBeforeMinor),
        availableAfterMinor,
      });
      if (!due) return;
      const currency = await deps.reference.findCurrency(user.currencyCode);
      const money = { code: user.currencyCode, decimal_digits: currency?.decimalDigits };
      const locale = user.languageCode;
      const mail = creditLowMail(user.languageCode, {
        firstName: user.firstName,
        balance: formatMoney(availableAfterMinor, money, locale),
        threshold: formatMoney(preference.threshold, money, locale),
        topUpLink: `${deps.appUrl.replace(/\/+$/, '')}/topup-select-card`,
      });
      await deps.mailer.sendMail({ to: user.email, ...mail });
    } catch (error) {
      deps.log.error({ err: error, userId: debit.userId }, 'credit-low alert not sent');
    }
  };
}
