import { useState } from 'react';
import { IonButton, IonItem, IonLabel, IonList, IonNote, IonSpinner } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { BALANCE_STATEMENT_MAX, type BalanceMovement } from '@evc/contract';
import { formatMoney } from '@evc/domain';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { useDates, useFormatLocale } from '../../lib/dates.ts';
import { useSession } from '../../lib/session/session-store.ts';
import { FormError, PageView } from '../../ui/page-view/page-view.tsx';
import { useBalanceStatement } from './api/get-balance-statement.ts';
import './balance.css';

/** Lines shown first; the rest (up to the contract's most) on asking. */
const FIRST_LINES = 50;

function MovementLine({ movement }: { movement: BalanceMovement }) {
  const { t } = useTranslation();
  const dates = useDates();
  const locale = useFormatLocale();
  // Each line in the currency it was made in, whatever the account's is now (issue 19).
  const currency = movement.currency;
  const amount = formatMoney(movement.amount, currency, locale);
  return (
    <IonItem className="statement-line" data-kind={movement.kind}>
      <IonLabel>
        <h3>{t(`balanceStatement.kinds.${movement.kind}`)}</h3>
        <p>{dates.format(movement.at, 'dateTime')}</p>
      </IonLabel>
      <IonNote slot="end" className="statement-line__figures">
        <span
          className={`statement-line__amount${movement.amount > 0 ? ' statement-line__amount--in' : ''}`}
        >
          {movement.amount > 0 ? `+${amount}` : amount}
        </span>
        <span className="statement-line__after">
          {t('balanceStatement.after', {
            balance: formatMoney(movement.balanceAfter, currency, locale),
          })}
        </span>
      </IonNote>
    </IonItem>
  );
}

/**
 * Issue 19: the statement of the driver's balance, reached from the Balance page: each top-up,
 * charge and refund with its date, its amount and the balance it left, newest first.
 */
export function BalanceStatementPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const errorMessage = useErrorMessage();
  const [limit, setLimit] = useState(FIRST_LINES);
  const statement = useBalanceStatement(user?._id, limit);
  const data = statement.data;

  return (
    <PageView title={t('balanceStatement.title')} subtitle={t('balanceStatement.subtitle')}>
      {statement.isPending && <IonSpinner name="crescent" color="primary" />}
      {statement.isError && <FormError message={errorMessage(statement.error)} />}
      {data && data.movements.length === 0 && (
        <p className="topup-empty">{t('balanceStatement.empty')}</p>
      )}
      {data && data.movements.length > 0 && (
        <IonList inset className="statement-lines">
          {data.movements.map((movement) => (
            <MovementLine key={movement.id} movement={movement} />
          ))}
        </IonList>
      )}
      {data?.hasMore && limit < BALANCE_STATEMENT_MAX && (
        <IonButton
          expand="block"
          fill="outline"
          onClick={() => setLimit(BALANCE_STATEMENT_MAX)}
          disabled={statement.isFetching}
        >
          {t('balanceStatement.older')}
        </IonButton>
      )}
      {data?.hasMore && limit >= BALANCE_STATEMENT_MAX && (
        <p className="topup-empty">{t('balanceStatement.latestOnly', { count: limit })}</p>
      )}
    </PageView>
  );
}
