import { IonButton, IonIcon } from '@ionic/react';
import { addCircleOutline, receiptOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session/session-store.ts';
import { PageView } from '../../ui/page-view/page-view.tsx';
import { useUserBalance } from '../../lib/api/calls/get-user-balance.ts';
import { balanceText } from './balance-text.ts';
import './balance.css';
import { useFormatLocale } from '../../lib/dates.ts';

/**
 * spec 000 §2, §8, §9: the driver's credit, '...Loading' while it is fetched and nothing when the
 * fetch fails, and the way to top it up.
 */
export function BalancePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const balance = useUserBalance(user?._id ?? '', { refresh: true });
  const locale = useFormatLocale();

  return (
    <PageView title={t('balance.title')} subtitle={t('balance.subtitle')}>
      <section className="balance-summary" aria-live="polite">
        {!balance.isError && (
          <>
            <p className="balance-summary__label">{t('balance.available')}</p>
            <p className="balance-summary__amount" data-testid="balance-amount">
              {balance.data
                ? balanceText(balance.data.balance, balance.data.currency, locale)
                : t('common.loading')}
            </p>
          </>
        )}
        <p className="balance-summary__note">{t('balance.note')}</p>
      </section>
      <IonButton className="primary-action" expand="block" routerLink="/topup-select-card">
        <IonIcon slot="start" icon={addCircleOutline} />
        {t('balance.topUp')}
      </IonButton>
      <IonButton
        className="primary-action statement-link"
        expand="block"
        fill="outline"
        routerLink="/balance-statement"
      >
        <IonIcon slot="start" icon={receiptOutline} aria-hidden="true" />
        {t('balance.statement')}
      </IonButton>
    </PageView>
  );
}
