import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { IonButton, IonItem, IonLabel, IonList, IonNote } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { formatMoney, isTopUpAmountAllowed } from '@evc/domain';
import { useAlert } from '../../lib/alerts.ts';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { useBrand } from '../../lib/brand.ts';
import { useSession } from '../../lib/session/session-store.ts';
import { DebounceButton } from '../../ui/debounce-button/debounce-button.tsx';
import { FormError, PageView } from '../../ui/page-view/page-view.tsx';
import { allUserBalancesKey } from '../../lib/api/calls/get-user-balance.ts';
import { useCards } from '../../lib/api/calls/list-cards.ts';
import { PaymentError } from '../../lib/payment-error.ts';
import { answerChallenge, payTopUp, resumeTopUp, type TopUpOutcome } from './pay-top-up.ts';
import { forgetPendingTopUp, keepPendingTopUp, pendingTopUp } from './pending-top-up.ts';
import { CardLabel } from '../../ui/card-label/card-label.tsx';
import { ThreeDSecureChallenge } from './three-d-secure-challenge.tsx';
import { topUpCards } from './top-up-cards.ts';
import { driverCurrency } from './topup-amount.ts';
import './balance.css';
import { useFormatLocale } from '../../lib/dates.ts';

type Step = { kind: 'ready' } | { kind: 'challenge'; intentId: string };

const FAILURE_KEYS = {
  useAnotherCard: 'topup.failedUseAnotherCard',
  authentication: 'topup.failed',
  stripeUnavailable: 'topup.stripeUnavailable',
} as const;

/**
 * spec 000 §2, §4, §8: confirms the top-up of the amount and card chosen on topup-select-card
 * (carried in the address), answers the bank's challenge when there is one, and shows the new
 * balance everywhere once the payment has succeeded.
 */
export function TopUpConfirmCardPage() {
  const { t } = useTranslation();
  const locale = useFormatLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { showAlert } = useAlert();
  const errorMessage = useErrorMessage();
  const { brand } = useBrand();
  const { user } = useSession();
  const { search } = useLocation();
  const cards = useCards(topUpCards);
  const [step, setStep] = useState<Step>({ kind: 'ready' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const params = new URLSearchParams(search);
  const amountMinor = Number(params.get('amount'));
  const card = cards.data?.find((saved) => saved.id === params.get('card'));
  const currency = driverCurrency(user);
  const amount = formatMoney(amountMinor, currency, locale);
  const amountValid = isTopUpAmountAllowed(amountMinor);

  const settle = async (outcome: TopUpOutcome) => {
    switch (outcome.kind) {
      case 'challenge':
        setStep({ kind: 'challenge', intentId: outcome.intentId });
        return;
      case 'failed':
        forgetPendingTopUp();
        setStep({ kind: 'ready' });
        setError(t(FAILURE_KEYS[outcome.reason]));
        return;
      case 'succeeded':
        forgetPendingTopUp();
        setStep({ kind: 'ready' });
        await queryClient.invalidateQueries({ queryKey: allUserBalancesKey });
        await showAlert({
          header: t('topup.doneTitle'),
          message: t('topup.doneMessage', { amount }),
        });
        navigate('/balance', { replace: true });
    }
  };

  const run = async (work: () => Promise<TopUpOutcome>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await settle(await work());
    } catch (failure) {
      // A secret that cannot be read back is not tried again (INVALID_SECRET).
      if (failure instanceof PaymentError) forgetPendingTopUp();
      setStep({ kind: 'ready' });
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const confirm = () => {
    if (!card) return;
    const cardId = card.id;
    void run(() =>
      payTopUp({
        amountMinor,
        cardId,
        stripeKey: brand.paymentProviderKey,
        keepIntent: (intent) => keepPendingTopUp({ ...intent, amountMinor, cardId }),
      }),
    );
  };

  // spec 000 §4: a top-up begun before a reload or a lost connection (in its 3-D Secure
  // challenge, say) carries on from its intent's status, read back from its secret.
  const resumed = useRef(false);
  const resumePending = useEffectEvent(() => {
    const pending = card ? pendingTopUp(amountMinor, card.id) : null;
    if (resumed.current || !pending) return;
    resumed.current = true;
    void run(() => resumeTopUp({ ...pending, stripeKey: brand.paymentProviderKey }));
  });
  const cardFound = card !== undefined;
  useEffect(() => {
    if (cardFound) resumePending();
  }, [cardFound]);

  const answer = (outcome: 'approve' | 'fail') => {
    if (step.kind !== 'challenge') return;
    void run(() => answerChallenge(step.intentId, outcome));
  };

  const incomplete = !amountValid || (cards.isSuccess && !card);

  return (
    <PageView title={t('topup.confirmTitle')} subtitle={t('topup.confirmSubtitle')}>
      {cards.isPending && <p className="topup-empty">{t('common.loading')}</p>}
      <FormError message={cards.isError ? errorMessage(cards.error) : null} />
      {incomplete && <FormError message={t('topup.incomplete')} />}
      {!incomplete && card && (
        <>
          <IonList className="topup-summary">
            <IonItem>
              <IonLabel>{t('topup.amount')}</IonLabel>
              <IonNote slot="end" data-testid="topup-amount">
                {amount}
              </IonNote>
            </IonItem>
            <IonItem>
              <CardLabel card={card} showDefault />
            </IonItem>
          </IonList>
          <FormError message={error} />
          <DebounceButton
            className="primary-action"
            expand="block"
            disabled={busy}
            onDebouncedClick={confirm}
          >
            {t('topup.confirm', { amount })}
          </DebounceButton>
        </>
      )}
      <IonButton fill="clear" expand="block" routerLink="/topup-select-card">
        {t('topup.changeAmountOrCard')}
      </IonButton>
      <ThreeDSecureChallenge
        open={step.kind === 'challenge'}
        amount={amount}
        busy={busy}
        onAnswer={answer}
      />
    </PageView>
  );
}
