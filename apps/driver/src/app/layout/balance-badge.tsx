import { IonChip, IonIcon, IonLabel, IonRouterLink } from '@ionic/react';
import { walletOutline } from 'ionicons/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@evc/domain';
import { callApi } from '../../lib/api/client.ts';

export const userBalanceKey = (userId: string) => ['userBalance', userId] as const;

/**
 * spec 000 §2, §8, §9: the credit balance in the header, '...Loading' while fetching, nothing
 * when the fetch fails; a link to /balance when that page exists.
 */
export function BalanceBadge({
  userId,
  linkToBalance,
}: {
  userId: string;
  linkToBalance: boolean;
}) {
  const { t, i18n } = useTranslation();
  const balance = useQuery({
    queryKey: userBalanceKey(userId),
    queryFn: () => callApi('getUserBalance', { userid: userId }),
    retry: false,
  });
  if (balance.isError) return null;
  // spec 000 §9: the balance shown is minus the stored value (stored negative while in credit).
  const shownMinor = balance.data ? -balance.data.balance || 0 : 0;
  const text = balance.data
    ? formatMoney(shownMinor, balance.data.currency, i18n.resolvedLanguage ?? 'en')
    : t('common.loading');
  const chip = (
    <IonChip
      className="balance-badge"
      outline
      color="light"
      aria-label={`${t('shell.balance')}: ${text}`}
    >
      <IonIcon icon={walletOutline} />
      <IonLabel>{text}</IonLabel>
    </IonChip>
  );
  return linkToBalance ? <IonRouterLink routerLink="/balance">{chip}</IonRouterLink> : chip;
}
