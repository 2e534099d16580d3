import { useState } from 'react';
import { IonToggle } from '../../ui/ionic/ion-toggle.ts';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAlert } from '../../lib/alerts.ts';
import { useBrand } from '../../lib/brand.ts';
import { useFlowPath } from '../../lib/guest-paths.ts';
import { PageView } from '../../ui/page-view/page-view.tsx';
import { ApiError } from '../../lib/api/api-error.ts';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { CardNotAdded } from './card-not-added.tsx';
import { useAddCard } from './api/add-to-stripe-sources.ts';
import { SandboxCardForm } from './sandbox-card-form.tsx';
import { StripeCardForm } from './stripe-card-form.tsx';
import './payments.css';

/** Where to go once the card is saved: a page of this app named by ?next=, else the card list. */
export function nextPage(next: string | null): string {
  return next && /^\/(?!\/)/.test(next) ? next : '/manage-payments';
}

/** The confirm page a guest's card goes on to, with the card (and whether to forget it after). */
export function withCard(next: string, cardId: string, forget: boolean): string {
  const [path = '', query = ''] = next.split('?');
  const search = new URLSearchParams(query);
  search.set('card', cardId);
  if (forget) search.set('forget', '1');
  else search.delete('forget');
  return `${path}?${search.toString()}`;
}

/**
 * spec 000 §2, §8: add a payment card — Stripe Elements with the brand's Stripe key, the sandbox
 * card form without one — then save it (POST /addToStripeSources), marked a fuel card or not.
 */
export function AddPaymentMethodPage() {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { showAlert } = useAlert();
  const addCard = useAddCard();
  const errorMessage = useErrorMessage();
  const { guest } = useFlowPath();
  const [fuelCard, setFuelCard] = useState(false);
  const [keepCard, setKeepCard] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = async (paymentMethodId: string) => {
    setError(null);
    let cardId: string;
    try {
      cardId = (await addCard.mutateAsync({ paymentMethodId, fuelCard: guest ? false : fuelCard }))
        .id;
    } catch (failure) {
      // Issue 19: the provider verifies the card as it is added; its refusal (a decline) reads
      // 'Error: ' and its words (spec 000 §8), any other failure 'Error Adding Card'.
      const refused = failure instanceof ApiError && failure.status === 402;
      setError(
        refused
          ? t('payments.add.providerError', { message: errorMessage(failure) })
          : t('payments.add.failed'),
      );
      return;
    }
    if (guest) {
      // Issue 15: the guest pays with the card at once; it is forgotten after this charge's
      // hold unless the guest asked to keep it.
      navigate(withCard(nextPage(search.get('next')), cardId, !keepCard), { replace: true });
      return;
    }
    await showAlert({ header: t('payments.add.added'), message: t('payments.add.addedMessage') });
    navigate(nextPage(search.get('next')), { replace: true });
  };

  const keepCardToggle = (
    <IonToggle
      className="fuel-card-toggle"
      checked={keepCard}
      labelPlacement="start"
      justify="space-between"
      onIonChange={(event) => setKeepCard(event.detail.checked)}
    >
      {t('payments.add.keepCard')}
    </IonToggle>
  );

  const fuelCardToggle = (
    <IonToggle
      className="fuel-card-toggle"
      checked={fuelCard}
      labelPlacement="start"
      justify="space-between"
      onIonChange={(event) => setFuelCard(event.detail.checked)}
    >
      {t('payments.add.fuelCard')}
    </IonToggle>
  );

  const formProps = {
    onPaymentMethod: save,
    busy: addCard.isPending,
    children: guest ? keepCardToggle : fuelCardToggle,
    ...(guest ? { submitLabel: t('payments.add.guestSubmit') } : {}),
  };
  return (
    <PageView
      title={t(guest ? 'payments.add.guestTitle' : 'payments.add.title')}
      subtitle={t(guest ? 'payments.add.guestSubtitle' : 'payments.add.subtitle')}
    >
      <CardNotAdded message={error} />
      {brand.paymentProviderKey ? (
        <StripeCardForm publishableKey={brand.paymentProviderKey} {...formProps} />
      ) : (
        <SandboxCardForm {...formProps} />
      )}
    </PageView>
  );
}
