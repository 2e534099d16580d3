import { IonChip, IonIcon, IonLabel, IonRouterLink } from '@ionic/react';
import { walletOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { useUserBalance } from '../../lib/api/calls/get-user-balance.ts';
import { balanceText } from '../../features/balance/balance-text.ts';
import { useFormatLocale } from '../../lib/dates.ts';
import { FitText } from '../../ui/fit-text/fit-text.tsx';
import { useFreshBalance } from './use-fresh-balance.ts';

/**
 * spec 000 §2, §8, §9: the credit balance in the header, '...Loading' while fetching, nothing
 * when the fetch fails; a link to /balance when that page exists. It reads the balance page's
 * query, so a top-up shows here as soon as it is invalidated.
 */
export function BalanceBadge({
  userId,
  linkToBalance,
}: {
  userId: string;
  linkToBalance: boolean;
}) {
  const { t } = useTranslation();
  const locale = useFormatLocale();
  const balance = useUserBalance(userId, { refresh: true });
  useFreshBalance();
  if (balance.isError) return null;
  const text = balance.data
    ? balanceText(balance.data.balance, balance.data.currency, locale)
    : t('common.loading');
  const chip = (
    <IonChip
      className="balance-badge"
      outline
      color="light"
      aria-label={`${t('shell.balance')}: ${text}`}
    >
      <IonIcon icon={walletOutline} />
      <IonLabel>
        <FitText>{text}</FitText>
      </IonLabel>
    </IonChip>
  );
  return linkToBalance ? <IonRouterLink routerLink="/balance">{chip}</IonRouterLink> : chip;
}
