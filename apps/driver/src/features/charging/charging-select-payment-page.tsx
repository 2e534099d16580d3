import { IonButton, IonIcon, IonSpinner } from '@ionic/react';
import { addOutline, logoApple, logoGoogle, walletOutline } from 'ionicons/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import type { Card, ChargerView } from '@evc/contract';
import {
  availableBalanceMinor,
  formatMoney,
  isCreditUsable,
  isFuelCardUsable,
  isSameCurrency,
  isTariffFree,
  isWallet,
  isWalletAvailable,
} from '@evc/domain';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { useBrand } from '../../lib/brand.ts';
import { useFlowPath } from '../../lib/guest-paths.ts';
import { walletPay, type Wallet } from '../../lib/platform/wallet-pay.ts';
import { useSession } from '../../lib/session/session-store.ts';
import { FormError, PageView } from '../../ui/page-view/page-view.tsx';
import { useChargerByBarcode } from '../../lib/api/calls/get-charger-by-barcode.ts';
import { useUserBalance } from '../../lib/api/calls/get-user-balance.ts';
import { useCards } from '../../lib/api/calls/list-cards.ts';
import { CardLabel } from '../../ui/card-label/card-label.tsx';
import {
  confirmPaymentPath,
  readChargePoint,
  type ChargePoint,
} from '../../lib/charging-session/charging-flow.ts';
import { usePreauth } from './api/get-charger-preauth.ts';
import { guestConfirmedPath } from './guest-confirmed-path.ts';
import './charging.css';
import { useFormatLocale } from '../../lib/dates.ts';

const WALLETS: { wallet: Wallet; icon: string }[] = [
  { wallet: 'APPLEPAY', icon: logoApple },
  { wallet: 'GOOGLEPAY', icon: logoGoogle },
];

/** The wallets this platform reports for the hold's amount and currency (never assumed). */
function useWallets(amountMinor: number | undefined, currency: string | undefined) {
  const wallets = walletPay();
  const { brand } = useBrand();
  return useQuery({
    queryKey: ['wallets', wallets.platform, amountMinor, currency],
    queryFn: async () => {
      const offered = await wallets.availability({
        country: brand.defaultCountry,
        currency: currency ?? brand.defaultCurrency,
        amountMinor: amountMinor ?? 0,
        label: brand.name,
      });
      return WALLETS.filter(({ wallet }) => isWalletAvailable(wallet, wallets.platform, offered));
    },
    enabled: amountMinor !== undefined && amountMinor > 0,
    retry: false,
  });
}

function PaymentChoices({ charger, point }: { charger: ChargerView; point: ChargePoint }) {
  const { t } = useTranslation();
  const location = useLocation();
  const errorMessage = useErrorMessage();
  const { guest: asGuest, flowPath } = useFlowPath();
  const { user } = useSession();
  const cards = useCards();
  const balance = useUserBalance(user?._id);
  const preauth = usePreauth(charger._id);
  const wallets = useWallets(preauth.data?.amount, preauth.data?.currency);
  const locale = useFormatLocale();
  const tariffFree = isTariffFree(charger.tariff);

  if (cards.isPending || (user && balance.isPending)) {
    return <IonSpinner name="crescent" color="primary" />;
  }
  if (cards.error) return <FormError message={errorMessage(cards.error)} />;

  const available = availableBalanceMinor(balance.data?.balance ?? 0);
  // Issue 19: credit is offered only at a charger that charges in the credit's own currency.
  const creditCurrency = balance.data?.currency.code ?? '';
  const creditElsewhere = !isSameCurrency(creditCurrency, charger.tariff.currency);
  const creditUsable = isCreditUsable({
    tariffFree,
    availableBalanceMinor: available,
    creditCurrency,
    tariffCurrency: charger.tariff.currency,
  });
  // A free charge holds nothing, and a card payment needs a hold: cards and wallets sit out.
  const holdsNothing = preauth.data?.amount === 0;
  // A card a wallet gave is saved as a card: it pays as one (PAYG), off the wallet's sheet.
  const payg = holdsNothing
    ? []
    : cards.data.filter((card) => card.source === 'PAYG' || isWallet(card.source));
  // spec 000 §5: a fuel card is offered only where the tariff allows it; issue 15: guests pay by
  // card or wallet only, never by credit or fuel card.
  const fuelCards =
    !asGuest && isFuelCardUsable(charger.tariff)
      ? cards.data.filter((card) => card.source === 'FUELCARD')
      : [];
  const offeredWallets = holdsNothing ? [] : (wallets.data ?? []);
  const cardChoice = (card: Card) => {
    const method = card.source === 'FUELCARD' ? 'FUELCARD' : 'PAYG';
    return (
      <li key={card.id}>
        <Link
          className="choice payment-choice"
          to={flowPath(confirmPaymentPath(point, method, card.id))}
          data-method={method}
        >
          <CardLabel card={card} showDefault />
        </Link>
      </li>
    );
  };
  // A guest's new card pays straight away: the add-card page goes on to confirm with it.
  const next = encodeURIComponent(
    asGuest
      ? flowPath(confirmPaymentPath(point, 'PAYG', null))
      : `${location.pathname}${location.search}`,
  );

  return (
    <>
      {holdsNothing && asGuest ? (
        <>
          <p className="form-note">{t('charging.select.guestFree')}</p>
          <IonButton
            className="primary-action"
            expand="block"
            routerLink={guestConfirmedPath({
              point,
              method: 'PAYG',
              intentId: null,
              cardId: null,
              forgetCard: false,
            })}
          >
            {t('charging.select.guestFreeStart')}
          </IonButton>
        </>
      ) : holdsNothing ? (
        <p className="form-note">{t('charging.select.free')}</p>
      ) : asGuest && payg.length === 0 ? null : (
        <>
          <p className="section-label">{t('charging.select.cards')}</p>
          {payg.length === 0 && <p className="form-note">{t('charging.select.noCards')}</p>}
          <ul className="payment-choices">{payg.map(cardChoice)}</ul>
        </>
      )}
      {fuelCards.length > 0 && (
        <>
          <p className="section-label">{t('charging.select.fuelCards')}</p>
          <ul className="payment-choices">{fuelCards.map(cardChoice)}</ul>
        </>
      )}
      {(!asGuest || offeredWallets.length > 0) && (
        <p className="section-label">{t('charging.select.other')}</p>
      )}
      <ul className="payment-choices">
        {!asGuest && (
          <li>
            {creditUsable ? (
              <Link
                className="choice payment-choice"
                to={confirmPaymentPath(point, 'CREDIT', null)}
                data-method="CREDIT"
              >
                <span className="card-label">
                  <IonIcon icon={walletOutline} aria-hidden="true" />
                  <span>
                    <strong>{t('charging.select.credit')}</strong>
                    {balance.data && (
                      <small>{formatMoney(available, balance.data.currency, locale)}</small>
                    )}
                  </span>
                </span>
              </Link>
            ) : (
              <div
                className="choice payment-choice payment-choice--disabled"
                aria-disabled="true"
                data-method="CREDIT"
              >
                <span className="card-label">
                  <IonIcon icon={walletOutline} aria-hidden="true" />
                  <span>
                    <strong>{t('charging.select.credit')}</strong>
                    <small>
                      {creditElsewhere && balance.data
                        ? t('charging.select.creditOtherCurrency', { currency: creditCurrency })
                        : t('charging.select.noCredit')}
                    </small>
                  </span>
                </span>
              </div>
            )}
          </li>
        )}
        {offeredWallets.map(({ wallet, icon }) => (
          <li key={wallet}>
            <Link
              className="choice payment-choice"
              to={flowPath(confirmPaymentPath(point, wallet, null))}
              data-method={wallet}
            >
              <span className="card-label">
                <IonIcon icon={icon} aria-hidden="true" />
                <strong>{t(`charging.methods.${wallet}`)}</strong>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <IonButton
        className="primary-action"
        expand="block"
        fill="outline"
        routerLink={flowPath(`/add-payment-method?next=${next}`)}
      >
        <IonIcon slot="start" icon={addOutline} aria-hidden="true" />
        {t(asGuest ? 'charging.select.guestCard' : 'charging.select.addCard')}
      </IonButton>
    </>
  );
}

/** spec 000 §2, §4, §5: how the driver pays for the charge about to start. */
export function ChargingSelectPaymentPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const point = readChargePoint(search);
  const errorMessage = useErrorMessage();
  const charger = useChargerByBarcode(point?.barcode ?? '');
  return (
    <PageView
      title={t('charging.select.title')}
      subtitle={
        charger.data && point
          ? t('charging.chargePoint', { name: charger.data.name, number: point.connector })
          : undefined
      }
    >
      {!point ? (
        <FormError message={t('charging.noChargePoint')} />
      ) : charger.data ? (
        <PaymentChoices charger={charger.data} point={point} />
      ) : charger.error ? (
        <FormError message={errorMessage(charger.error)} />
      ) : (
        <IonSpinner name="crescent" color="primary" />
      )}
    </PageView>
  );
}
