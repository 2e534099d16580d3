import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { IonButton, IonSpinner, useIonAlert } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { ChargerView } from '@evc/contract';
import {
  formatMoney,
  isWallet,
  needsPaymentIntent,
  walletFailureError,
  type PaymentMethod,
} from '@evc/domain';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { useBrand } from '../../lib/brand.ts';
import { useFlowPath } from '../../lib/guest-paths.ts';
import { walletPay } from '../../lib/platform/wallet-pay.ts';
import { DebounceButton } from '../../ui/debounce-button/debounce-button.tsx';
import { FormError, PageView } from '../../ui/page-view/page-view.tsx';
import { useChargerByBarcode } from '../../lib/api/calls/get-charger-by-barcode.ts';
import { useCards } from '../../lib/api/calls/list-cards.ts';
import { CardLabel } from '../../ui/card-label/card-label.tsx';
import { usePreauth } from './api/get-charger-preauth.ts';
import { remoteStartTransaction } from './api/remote-start-transaction.ts';
import {
  authoriseCharge,
  authoriseWalletCharge,
  resumeCharge,
  type ChallengeAnswer,
  type ChargeAuthorisation,
} from './authorise-charge.ts';
import {
  readChargePoint,
  readPaymentMethod,
  selectPaymentPath,
  sessionPath,
  type ChargePoint,
} from '../../lib/charging-session/charging-flow.ts';
import {
  forgetPendingChargePayment,
  keepPendingChargePayment,
  pendingChargePayment,
} from '../../lib/charging-session/pending-charge-payment.ts';
import { guestConfirmedPath } from './guest-confirmed-path.ts';
import { ChargePrice } from './charge-price.tsx';
import './charging.css';
import { useFormatLocale } from '../../lib/dates.ts';

/** What went wrong, in the words of spec 000 §8. */
type Problem =
  | { kind: 'declined'; detail: string }
  | { kind: 'failed'; detail: string | null }
  | { kind: 'start'; detail: string };

/** spec 000 §8: 'Payment Failed, please use another card' for a refused card. */
const PROBLEM_TITLES: Record<Problem['kind'], string> = {
  declined: 'charging.confirm.useAnotherCard',
  failed: 'charging.confirm.paymentFailed',
  start: 'charging.confirm.startFailed',
};

/** The sandbox's 3-D Secure step: the driver approves or fails the bank's challenge. */
function useSandboxChallenge(): () => Promise<ChallengeAnswer> {
  const { t } = useTranslation();
  const [present] = useIonAlert();
  return () =>
    new Promise<ChallengeAnswer>((resolve) => {
      void present({
        header: t('charging.confirm.challengeTitle'),
        subHeader: t('charging.confirm.challengeSandbox'),
        message: t('charging.confirm.challengeMessage'),
        backdropDismiss: false,
        buttons: [
          {
            text: t('charging.confirm.challengeFail'),
            role: 'cancel',
            handler: () => resolve('fail'),
          },
          { text: t('charging.confirm.challengeApprove'), handler: () => resolve('approve') },
        ],
      });
    });
}

function ConfirmCharge({
  charger,
  point,
  method,
  cardId,
}: {
  charger: ChargerView;
  point: ChargePoint;
  method: PaymentMethod;
  cardId: string | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { brand } = useBrand();
  const errorMessage = useErrorMessage();
  const { guest, flowPath } = useFlowPath();
  const [search] = useSearchParams();
  const challenge = useSandboxChallenge();
  const preauth = usePreauth(charger._id);
  const cards = useCards();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const locale = useFormatLocale();
  const card = cards.data?.find((saved) => saved.id === cardId) ?? null;
  const holds = needsPaymentIntent(method);
  const ready = !preauth.isPending && !(cardId && cards.isPending);

  const start = async (authorisation: ChargeAuthorisation) => {
    if (authorisation.kind === 'declined') {
      forgetPendingChargePayment();
      setProblem({ kind: 'declined', detail: authorisation.message });
      return;
    }
    if (authorisation.kind === 'failed') {
      forgetPendingChargePayment();
      setProblem({
        kind: 'failed',
        detail:
          authorisation.message ??
          (authorisation.code ? t(`paymentErrors.${authorisation.code}`) : null),
      });
      return;
    }
    // The hold is placed: the charge goes on from here, not from the kept payment.
    forgetPendingChargePayment();
    if (guest) {
      // Issue 15: the guest's hold is placed; the confirmed page shows it and starts the charge.
      navigate(
        guestConfirmedPath({
          point,
          method,
          intentId: authorisation.intentId,
          cardId,
          forgetCard: search.get('forget') === '1',
        }),
        { replace: true },
      );
      return;
    }
    try {
      const session = await remoteStartTransaction({
        chargerid: charger._id,
        connectorid: point.connector,
        intent_id: authorisation.intentId,
        source: method,
        profile: null,
      });
      navigate(sessionPath('start-charging', session._id), { replace: true });
    } catch (error) {
      setProblem({ kind: 'start', detail: errorMessage(error) });
    }
  };

  // spec 000 §4: a payment this page began before a reload, a restart or a lost connection
  // (in its 3-D Secure challenge, say) carries on from its intent's status, read from its secret.
  const resumed = useRef(false);
  const resumePending = useEffectEvent(() => {
    const pending = pendingChargePayment(point, method, cardId);
    if (resumed.current || !pending) return;
    resumed.current = true;
    void (async () => {
      setBusy(true);
      try {
        await start(
          await resumeCharge({ ...pending, publishableKey: brand.paymentProviderKey, challenge }),
        );
      } finally {
        setBusy(false);
      }
    })();
  });
  useEffect(() => {
    if (ready) resumePending();
  }, [ready]);

  if (preauth.isPending || (cardId && cards.isPending)) {
    return <IonSpinner name="crescent" color="primary" />;
  }
  if (preauth.error) return <FormError message={errorMessage(preauth.error)} />;
  if (cardId && !card) return <FormError message={t('charging.confirm.noCard')} />;
  const amountMinor = preauth.data.amount;
  const hold = formatMoney(amountMinor, { code: preauth.data.currency }, locale);

  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      if (isWallet(method)) {
        const authorisation = await authoriseWalletCharge({
          wallets: walletPay(),
          wallet: method,
          request: {
            country: brand.defaultCountry,
            currency: preauth.data.currency,
            amountMinor,
            label: brand.name,
          },
          chargerId: charger._id,
          connectorNumber: point.connector,
        });
        if (authorisation.kind === 'cancelled') return;
        // spec 000 §8: 'Google Pay Failed.', 'Apple Pay Failed' when the wallet gives no reason.
        await start(
          authorisation.kind === 'failed'
            ? { ...authorisation, code: authorisation.code ?? walletFailureError(method) }
            : authorisation,
        );
        return;
      }
      await start(
        await authoriseCharge({
          method,
          cardId,
          chargerId: charger._id,
          connectorNumber: point.connector,
          amountMinor,
          publishableKey: brand.paymentProviderKey,
          challenge,
          keepIntent: (intent) => keepPendingChargePayment({ ...point, ...intent, method, cardId }),
        }),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <ChargePrice charger={charger} connector={point.connector} />
      <div className="confirm-method">
        {card ? <CardLabel card={card} /> : <strong>{t(`charging.methods.${method}`)}</strong>}
      </div>
      <p className="confirm-terms">
        {holds
          ? t('charging.confirm.hold', { amount: hold })
          : t(`charging.confirm.noHold.${method === 'FUELCARD' ? 'FUELCARD' : 'CREDIT'}`)}
      </p>
      {problem && (
        <div className="form-error charging-problem" role="alert">
          <strong>{t(PROBLEM_TITLES[problem.kind])}</strong>
          {problem.detail && <p>{problem.detail}</p>}
          {problem.kind === 'failed' && (
            <IonButton size="small" fill="outline" routerLink={flowPath(selectPaymentPath(point))}>
              {t('charging.confirm.chooseAnother')}
            </IonButton>
          )}
        </div>
      )}
      {problem?.kind === 'declined' ? (
        // Issue 19: the card was declined, so trying it again is not what comes next.
        <IonButton
          className="primary-action"
          expand="block"
          routerLink={flowPath(selectPaymentPath(point))}
        >
          {t('charging.confirm.chooseAnother')}
        </IonButton>
      ) : (
        <DebounceButton
          className="primary-action"
          expand="block"
          disabled={busy}
          onDebouncedClick={() => void confirm()}
        >
          {busy
            ? t('charging.confirm.working')
            : isWallet(method)
              ? t(`charging.confirm.payWith.${method}`)
              : t(guest ? 'charging.confirm.guestSubmit' : 'charging.confirm.submit')}
        </DebounceButton>
      )}
    </>
  );
}

/** spec 000 §2, §4, §8: the pre-authorisation, the payment and the remote start. */
export function ChargingConfirmPaymentPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const point = readChargePoint(search);
  const method = readPaymentMethod(search);
  const errorMessage = useErrorMessage();
  const charger = useChargerByBarcode(point?.barcode ?? '');
  return (
    <PageView
      title={t('charging.confirm.title')}
      subtitle={
        charger.data && point
          ? t('charging.chargePoint', { name: charger.data.name, number: point.connector })
          : undefined
      }
    >
      {!point || !method ? (
        <FormError message={t('charging.noChargePoint')} />
      ) : charger.data ? (
        <ConfirmCharge
          charger={charger.data}
          point={point}
          method={method}
          cardId={search.get('card')}
        />
      ) : charger.error ? (
        <FormError message={errorMessage(charger.error)} />
      ) : (
        <IonSpinner name="crescent" color="primary" />
      )}
    </PageView>
  );
}
