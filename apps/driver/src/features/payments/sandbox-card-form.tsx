import { useState, type ReactNode } from 'react';
import { IonButton } from '@ionic/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { sandboxPaymentMethodRequest } from '@evc/contract';
import { cardExpiryAsTyped, cardNumberAsTyped } from '@evc/domain';
import { ApiError } from '../../lib/api/api-error.ts';
import { FormField } from '../../ui/form-field/form-field.tsx';
import { placeRefusal } from '../../ui/form-field/place-refusal.ts';
import { wordedResolver } from '../../ui/form-field/worded-resolver.ts';
import { CardNotAdded } from './card-not-added.tsx';
import { sandboxCreatePaymentMethod } from './api/sandbox-create-payment-method.ts';

/** The sandbox provider's test cards (Stripe's own numbers) and what each does. */
export const SANDBOX_TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0025 0000 3155', outcome: 'authentication' },
  { number: '4000 0000 0000 0002', outcome: 'declined' },
  { number: '4000 0000 0000 9995', outcome: 'insufficientFunds' },
  { number: '4000 0000 0000 0341', outcome: 'declinedLater' },
] as const;

/** 'MM/YY' or 'MM/YYYY' as a month and a four-digit year; null when it is neither. */
export function parseExpiry(text: string): { exp_month: number; exp_year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const year = Number(match[2]);
  return { exp_month: Number(match[1]), exp_year: year < 100 ? 2000 + year : year };
}

const cardExpiry = sandboxPaymentMethodRequest.pick({ exp_month: true, exp_year: true });

/**
 * The provider's own rules for a card, with the expiry typed as the card shows it ('MM/YY') and
 * the CVC as typed, spaces around it left out.
 */
const sandboxCard = sandboxPaymentMethodRequest.pick({ number: true }).extend({
  expiry: z.string().transform((typed, context) => {
    const expiry = cardExpiry.safeParse(parseExpiry(typed));
    if (expiry.success) return expiry.data;
    context.addIssue({ code: 'custom', message: 'an expiry as MM/YY' });
    return z.NEVER;
  }),
  cvc: z.string().trim().pipe(sandboxPaymentMethodRequest.shape.cvc),
});

type Form = z.input<typeof sandboxCard>;
type Input = keyof Form;

const INPUTS: readonly Input[] = ['number', 'expiry', 'cvc'];
const isInput = (path: string): path is Input => (INPUTS as readonly string[]).includes(path);

/** The provider names a refused card's input by the request's field; the expiry is two of them. */
const inputOf = (field: string): Input | null => {
  if (field === 'exp_month' || field === 'exp_year') return 'expiry';
  return isInput(field) ? field : null;
};

export interface SandboxCardFormProps {
  /** Saves the payment method the sandbox created; failures are the caller's to show. */
  onPaymentMethod: (paymentMethodId: string) => Promise<void>;
  busy: boolean;
  children?: ReactNode;
  /** The submit button's words; 'Add card' unless the card pays at once (a guest's). */
  submitLabel?: string;
}

/**
 * Card entry when the brand has no Stripe key: the sandbox provider creates the payment method
 * (POST /sandbox/payment_methods), as Stripe.js would; its refusal reads 'Error: ' + its message.
 */
export function SandboxCardForm({
  onPaymentMethod,
  busy,
  children,
  submitLabel,
}: SandboxCardFormProps) {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  const { control, formState, handleSubmit, setError } = useForm({
    defaultValues: { number: '', expiry: '', cvc: '' },
    resolver: wordedResolver(zodResolver(sandboxCard), (path) =>
      isInput(path) ? t(`payments.sandbox.invalid.${path}`) : '',
    ),
    shouldFocusError: false,
  });

  const submit = handleSubmit(async ({ expiry, ...card }) => {
    if (creating || busy) return;
    setCreating(true);
    try {
      const method = await sandboxCreatePaymentMethod({ ...card, ...expiry });
      await onPaymentMethod(method.id);
    } catch (failure) {
      placeRefusal(failure, setError, inputOf, (input) => {
        if (input) return t(`payments.sandbox.invalid.${input}`);
        // spec 000 §8: a failure to create the card token reads 'Error: ' and the provider's message.
        const message = failure instanceof ApiError ? failure.message : t('errors.generic');
        return t('payments.add.providerError', { message });
      });
    } finally {
      setCreating(false);
    }
  });

  const input = (
    name: Input,
    autocomplete: 'cc-number' | 'cc-exp' | 'cc-csc',
    placeholder: string,
    format?: (typed: string) => string,
  ) => (
    <FormField
      control={control}
      name={name}
      inputmode="numeric"
      autocomplete={autocomplete}
      label={t(`payments.sandbox.${name}`)}
      placeholder={placeholder}
      {...(format ? { format } : {})}
    />
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="card-form">
      {/* Issue 19: laid out as typed, as Stripe Elements lay out theirs. */}
      {input('number', 'cc-number', '4242 4242 4242 4242', cardNumberAsTyped)}
      <div className="two-columns">
        {input('expiry', 'cc-exp', t('payments.sandbox.expiryPlaceholder'), cardExpiryAsTyped)}
        {input('cvc', 'cc-csc', '123')}
      </div>
      {children}
      <CardNotAdded message={formState.errors.root?.server?.message} />
      <IonButton
        className="primary-action"
        expand="block"
        type="submit"
        disabled={creating || busy}
      >
        {submitLabel ?? t('payments.add.submit')}
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
