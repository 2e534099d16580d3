import { useState } from 'react';
import { IonButton, IonIcon, IonSpinner } from '@ionic/react';
import { checkmarkCircleOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { ChargerView } from '@evc/contract';
import { formatMoney } from '@evc/domain';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { useChargerByBarcode } from '../../lib/api/calls/get-charger-by-barcode.ts';
import { deleteStripeSource } from '../../lib/api/calls/delete-stripe-source.ts';
import { useCards } from '../../lib/api/calls/list-cards.ts';
import { selectPaymentPath, sessionPath } from '../../lib/charging-session/charging-flow.ts';
import { useFormatLocale } from '../../lib/dates.ts';
import { GUEST_HOME, guestPath } from '../../lib/guest-paths.ts';
import { useSession } from '../../lib/session/session-store.ts';
import { CardLabel } from '../../ui/card-label/card-label.tsx';
import { DebounceButton } from '../../ui/debounce-button/debounce-button.tsx';
import { FormError, PageView } from '../../ui/page-view/page-view.tsx';
import { usePreauth } from './api/get-charger-preauth.ts';
import { remoteStartTransaction } from './api/remote-start-transaction.ts';
import { readConfirmedPayment, type ConfirmedPayment } from './guest-confirmed-path.ts';
import './charging.css';

function ConfirmedPayment({
  charger,
  payment,
}: {
  charger: ChargerView;
  payment: ConfirmedPayment;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const locale = useFormatLocale();
  const preauth = usePreauth(charger._id);
  const cards = useCards();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const card = cards.data?.find((saved) => saved.id === payment.cardId) ?? null;

  const start = async () => {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const session = await remoteStartTransaction({
        chargerid: charger._id,
        connectorid: payment.point.connector,
        intent_id: payment.intentId,
        source: payment.method,
        profile: null,
      });
      if (payment.forgetCard && payment.cardId) {
        // The hold is placed and the charge started: the card the guest did not keep goes.
        await deleteStripeSource(payment.cardId).catch(() => undefined);
      }
      navigate(guestPath(sessionPath('start-charging', session._id)), { replace: true });
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <div className="guest-confirmed" role="status">
        <IonIcon icon={checkmarkCircleOutline} color="success" aria-hidden="true" />
        <p>
          {preauth.data && preauth.data.amount > 0
            ? t('charging.guestConfirmed.held', {
                amount: formatMoney(preauth.data.amount, { code: preauth.data.currency }, locale),
              })
            : t('charging.guestConfirmed.ready')}
        </p>
      </div>
      <div className="confirm-method">
        {card ? (
          <CardLabel card={card} />
        ) : (
          <strong>{t(`charging.methods.${payment.method}`)}</strong>
        )}
      </div>
      <p className="confirm-terms">{t('charging.guestConfirmed.plugIn')}</p>
      {problem && (
        <div className="form-error charging-problem" role="alert">
          <strong>{t('charging.confirm.startFailed')}</strong>
          <p>{problem}</p>
          <IonButton
            size="small"
            fill="outline"
            routerLink={guestPath(selectPaymentPath(payment.point))}
          >
            {t('charging.confirm.chooseAnother')}
          </IonButton>
        </div>
      )}
      <DebounceButton
        className="primary-action"
        expand="block"
        disabled={busy}
        onDebouncedClick={() => void start()}
      >
        {busy ? t('charging.confirm.working') : t('charging.guestConfirmed.start')}
      </DebounceButton>
    </>
  );
}

/**
 * spec 000 §2 guest-confirmed-payment-method (open) and issue 15: the guest's card or wallet is
 * confirmed and the hold placed; the guest plugs in and starts the charge from here.
 */
export function GuestConfirmedPaymentMethodPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const payment = readConfirmedPayment(search);
  const { status, user, guest } = useSession();
  const errorMessage = useErrorMessage();
  const charger = useChargerByBarcode(payment && (user ?? guest) ? payment.point.barcode : '');
  const signedOut = status === 'signed-out' && !guest;
  return (
    <PageView
      title={t('charging.guestConfirmed.title')}
      subtitle={
        charger.data && payment
          ? t('charging.chargePoint', { name: charger.data.name, number: payment.point.connector })
          : undefined
      }
    >
      {!payment ? (
        <FormError message={t('charging.noChargePoint')} />
      ) : signedOut ? (
        <div className="form-error" role="alert">
          <p>{t('charging.guestConfirmed.noGuest')}</p>
          <IonButton size="small" fill="outline" routerLink={GUEST_HOME}>
            {t('charging.guestConfirmed.guestHome')}
          </IonButton>
        </div>
      ) : charger.data ? (
        <ConfirmedPayment charger={charger.data} payment={payment} />
      ) : charger.error ? (
        <FormError message={errorMessage(charger.error)} />
      ) : (
        <IonSpinner name="crescent" color="primary" />
      )}
    </PageView>
  );
}
