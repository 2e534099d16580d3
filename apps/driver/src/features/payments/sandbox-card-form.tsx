import { useState, type FormEvent, type ReactNode } from 'react';
import { IonButton, IonInput } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { sandboxPaymentMethodRequest } from '@evc/contract';
import { ApiError } from '../../lib/api/api-error.ts';
import { FormError } from '../../ui/page-view/page-view.tsx';
import { sandboxCreatePaymentMethod } from './api/sandbox-create-payment-method.ts';

type Field = 'number' | 'expiry' | 'cvc';

/** The sandbox provider's test cards (Stripe's own numbers) and what each does. */
export const SANDBOX_TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0025 0000 3155', outcome: 'authentication' },
  { number: '4000 0000 0000 0002', outcome: 'declined' },
  { number: '4000 0000 0000 9995', outcome: 'insufficientFunds' },
] as const;

/** 'MM/YY' or 'MM/YYYY' as a month and a four-digit year; null when it is neither. */
export function parseExpiry(text: string): { exp_month: number; exp_year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const year = Number(match[2]);
  return { exp_month: Number(match[1]), exp_year: year < 100 ? 2000 + year : year };
}

function fieldOf(path: PropertyKey | undefined): Field {
  if (path === 'number' || path === 'cvc') return path;
  return 'expiry';
}

export interface SandboxCardFormProps {
  /** Saves the payment method the sandbox created; failures are the caller's to show. */
  onPaymentMethod: (paymentMethodId: string) => Promise<void>;
  busy: boolean;
  children?: ReactNode;
}

/**
 * Card entry when the brand has no Stripe key: the sandbox provider creates the payment method
 * (POST /sandbox/payment_methods), as Stripe.js would; its refusal reads 'Error: ' + its message.
 */
export function SandboxCardForm({ onPaymentMethod, busy, children }: SandboxCardFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<Field, string>>({ number: '', expiry: '', cvc: '' });
  const [invalid, setInvalid] = useState<Field[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);

  const submit = async () => {
    setError(null);
    const expiry = parseExpiry(values.expiry);
    const parsed = sandboxPaymentMethodRequest.safeParse({
      number: values.number,
      cvc: values.cvc.trim(),
      exp_month: expiry?.exp_month ?? 0,
      exp_year: expiry?.exp_year ?? 0,
    });
    const wrong = new Set<Field>(parsed.error?.issues.map((issue) => fieldOf(issue.path[0])));
    if (!expiry) wrong.add('expiry');
    setInvalid([...wrong]);
    if (wrong.size > 0 || !parsed.success || creating || busy) return;
    setCreating(true);
    try {
      const method = await sandboxCreatePaymentMethod(parsed.data);
      await onPaymentMethod(method.id);
    } catch (failure) {
      // spec 000 §8: a failure to create the card token reads 'Error: ' and the provider's message.
      const message = failure instanceof ApiError ? failure.message : t('errors.generic');
      setError(t('payments.add.providerError', { message }));
    } finally {
      setCreating(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  const input = (name: Field, autocomplete: string, placeholder: string) => (
    <>
      <IonInput
        className={`field${invalid.includes(name) ? ' ion-invalid ion-touched' : ''}`}
        name={name}
        inputmode="numeric"
        autocomplete={autocomplete as 'cc-number'}
        label={t(`payments.sandbox.${name}`)}
        labelPlacement="floating"
        fill="outline"
        placeholder={placeholder}
        value={values[name]}
        onIonInput={(event) =>
          setValues((current) => ({ ...current, [name]: event.detail.value ?? '' }))
        }
      />
      {invalid.includes(name) && (
        <p className="field-error" role="alert">
          {t(`payments.sandbox.invalid.${name}`)}
        </p>
      )}
    </>
  );

  return (
    <form onSubmit={onSubmit} noValidate className="card-form">
      {input('number', 'cc-number', '4242 4242 4242 4242')}
      <div className="two-columns">
        <div>{input('expiry', 'cc-exp', t('payments.sandbox.expiryPlaceholder'))}</div>
        <div>{input('cvc', 'cc-csc', '123')}</div>
      </div>
      {children}
      <FormError message={error} />
      <IonButton
        className="primary-action"
        expand="block"
        type="submit"
        disabled={creating || busy}
      >
        {t('payments.add.submit')}
      </IonButton>
      <section className="sandbox-cards" aria-label={t('payments.sandbox.testCards')}>
        <p className="section-label">{t('payments.sandbox.testCards')}</p>
        <p className="form-note">{t('payments.sandbox.explain')}</p>
        <ul>
          {SANDBOX_TEST_CARDS.map((card) => (
            <li key={card.number}>
              <code>{card.number}</code>
              <span>{t(`payments.sandbox.outcomes.${card.outcome}`)}</span>
            </li>
          ))}
        </ul>
      </section>
    </form>
  );
}
