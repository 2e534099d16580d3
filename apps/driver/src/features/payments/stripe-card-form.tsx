import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { IonButton } from '@ionic/react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { useTranslation } from 'react-i18next';
import { stripeFor } from '../../lib/stripe.ts';
import { CardNotAdded } from './card-not-added.tsx';

export interface StripeCardFormProps {
  publishableKey: string;
  onPaymentMethod: (paymentMethodId: string) => Promise<void>;
  busy: boolean;
  children?: ReactNode;
  /** The submit button's words; 'Add card' unless the card pays at once (a guest's). */
  submitLabel?: string;
}

function StripeCardFields({
  onPaymentMethod,
  busy,
  children,
  submitLabel,
}: Omit<StripeCardFormProps, 'publishableKey'>) {
  const { t } = useTranslation();
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);

  const submit = async () => {
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || creating || busy) return;
    setError(null);
    setCreating(true);
    try {
      const result = await stripe.createPaymentMethod({ type: 'card', card });
      if (result.error) {
        // spec 000 §8: 'Error: ' and the provider's message.
        setError(t('payments.add.providerError', { message: result.error.message ?? '' }));
        return;
      }
      await onPaymentMethod(result.paymentMethod.id);
    } finally {
      setCreating(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  return (
    <form onSubmit={onSubmit} noValidate className="card-form">
      <div className="stripe-card">
        <CardElement options={{ hidePostalCode: false }} />
      </div>
      {children}
      <CardNotAdded message={error} />
      <IonButton
        className="primary-action"
        expand="block"
        type="submit"
        disabled={!stripe || creating || busy}
      >
        {submitLabel ?? t('payments.add.submit')}
      </IonButton>
    </form>
  );
}

/** Card entry through Stripe Elements, for a brand with a Stripe publishable key. */
export function StripeCardForm({ publishableKey, ...props }: StripeCardFormProps) {
  const stripe = useMemo(() => stripeFor(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripe}>
      <StripeCardFields {...props} />
    </Elements>
  );
}
