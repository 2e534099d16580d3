import { useMemo, useRef, useState, type ComponentProps, type FormEvent } from 'react';
import {
  IonButton,
  IonCheckbox,
  IonInput,
  IonInputPasswordToggle,
  IonSelect,
  IonSelectOption,
} from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import {
  REGISTRATION_CURRENCY_CHOICES,
  validateRegistration,
  type RegistrationMessageKey,
} from '@evc/domain';
import { ApiError } from '../../lib/api/api-error.ts';
import { callApi } from '../../lib/api/client.ts';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { tooLongLimitOf } from '../../lib/api/too-long-limit.ts';
import { useBrand } from '../../lib/brand.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { AddressFields } from '../../ui/address-fields/address-fields.tsx';
import { DebounceButton } from '../../ui/debounce-button/debounce-button.tsx';
import { PageView } from '../../ui/page-view/page-view.tsx';
import { PasswordPanel } from '../../ui/password-panel/password-panel.tsx';
import { assessPassword } from '../../ui/password-panel/password-strength.ts';
import { TermsModal } from '../../ui/terms-modal/terms-modal.tsx';
import { useSingleFlight } from './use-single-flight.ts';
import './auth.css';

type CurrencyChoice = (typeof REGISTRATION_CURRENCY_CHOICES)[number];

interface Form {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  confirmPassword: string;
  phone_number: string;
  line1: string;
  line2: string;
  city: string;
  postcode: string;
  country: string;
  currencyChoice: CurrencyChoice | '';
  otherCurrency: string;
  termsAccepted: boolean;
  privacyAccepted: boolean;
}

type FieldName = keyof Form;
type TextField = 'first_name' | 'last_name' | 'email' | 'phone_number';

/** Which field each registration message belongs to (spec 001 §5). */
const MESSAGE_FIELD: Record<RegistrationMessageKey, FieldName> = {
  'register.errors.address': 'line1',
  'register.errors.city': 'city',
  'register.errors.postcode': 'postcode',
  'register.errors.country': 'country',
  'register.errors.phone': 'phone_number',
  'register.errors.email': 'email',
  'register.errors.currency': 'currencyChoice',
  'register.errors.privacy': 'privacyAccepted',
  'register.errors.terms': 'termsAccepted',
  'register.errors.passwordMismatch': 'confirmPassword',
  'register.errors.weakPassword': 'password',
};

/** The form field a server answer is about: its code, or the field path it names ("user.address.city: …"). */
const SERVER_FIELD: Record<string, FieldName> = {
  WEAK_PASSWORD: 'password',
  'user.first_name': 'first_name',
  'user.last_name': 'last_name',
  'user.email': 'email',
  'user.password': 'password',
  'user.phone_number': 'phone_number',
  'user.address.line1': 'line1',
  'user.address.line2': 'line2',
  'user.address.city': 'city',
  'user.address.postcode': 'postcode',
  'user.address.country': 'country',
  'user.preferredCurrency': 'currencyChoice',
};

function serverField(error: ApiError): FieldName | undefined {
  return SERVER_FIELD[error.code] ?? SERVER_FIELD[error.message.split(':')[0] ?? ''];
}

/** The spec's own message for a field the server refused, so the driver reads it in their language. */
const FIELD_MESSAGE = Object.fromEntries(
  Object.entries(MESSAGE_FIELD).map(([key, field]) => [field, key]),
) as Partial<Record<FieldName, RegistrationMessageKey>>;

function currencyCode(form: Form): string {
  if (form.currencyChoice === 'other') return form.otherCurrency;
  return form.currencyChoice.toUpperCase();
}

interface AgreementProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  readLabel: string;
  onRead: () => void;
}

/** A box to tick (terms, privacy) with a link that opens the text it agrees to. */
function Agreement({ checked, onChange, label, readLabel, onRead }: AgreementProps) {
  return (
    <div className="agreement">
      <IonCheckbox
        className="check-row"
        labelPlacement="end"
        justify="start"
        checked={checked}
        onIonChange={(event) => onChange(event.detail.checked)}
      >
        {label}
      </IonCheckbox>
      <IonButton fill="clear" size="small" className="inline-link" onClick={onRead}>
        {readLabel}
      </IonButton>
    </div>
  );
}

/** spec 000 §2, §4 and 001 §5: the registration form, then the e-mail-sent page. */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { brand } = useBrand();
  const { language } = useLanguage();
  const errorMessage = useErrorMessage();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<Form>({
    first_name: '',
    last_name: '',
    email: '',
    password: '',
    confirmPassword: '',
    phone_number: '',
    line1: '',
    line2: '',
    city: '',
    postcode: '',
    country: brand.defaultCountry,
    currencyChoice: '',
    otherCurrency: '',
    termsAccepted: false,
    privacyAccepted: false,
  });
  const [messages, setMessages] = useState<RegistrationMessageKey[]>([]);
  const [nameError, setNameError] = useState(false);
  const [serverError, setServerError] = useState<{ field: FieldName | null; text: string } | null>(
    null,
  );
  const [summary, setSummary] = useState(false);
  const [modal, setModal] = useState<'terms' | 'privacy' | null>(null);
  const currencies = useQuery({
    queryKey: ['currencies'],
    queryFn: () => callApi('getAllCurrencies', undefined),
  });
  const otherCurrencies = useMemo(
    () =>
      (currencies.data ?? []).filter((currency) => !['GBP', 'USD', 'EUR'].includes(currency.code)),
    [currencies.data],
  );
  // The server judges the password against the same inputs (apps/server auth service).
  const userInputs = useMemo(
    () => [form.first_name, form.last_name, form.email].filter(Boolean),
    [form.first_name, form.last_name, form.email],
  );

  const set = <K extends FieldName>(field: K, value: Form[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    if (serverError?.field === field) setServerError(null);
  };
  const errorsFor = (field: FieldName): string[] => [
    ...messages.filter((key) => MESSAGE_FIELD[key] === field).map((key) => t(key)),
    ...(serverError && serverError.field === field ? [serverError.text] : []),
  ];
  const fieldErrors = (field: FieldName) =>
    errorsFor(field).map((text) => (
      <p key={text} className="field-error" role="alert">
        {text}
      </p>
    ));
  const nameMissing = (field: FieldName) =>
    nameError && (field === 'first_name' || field === 'last_name') && form[field].trim() === '';
  const invalid = (field: FieldName) =>
    errorsFor(field).length > 0 || nameMissing(field) ? 'field ion-invalid ion-touched' : 'field';

  const showFirstError = () => {
    requestAnimationFrame(() => {
      const first = formRef.current?.querySelector('.field-error, .form-error');
      // jsdom has no scrolling
      if (first && typeof first.scrollIntoView === 'function')
        first.scrollIntoView({ behavior: 'smooth', block: 'center' });
    });
  };

  const register = useSingleFlight(async () => {
    const { strength } = await assessPassword(form.password, userInputs);
    const failed = validateRegistration({
      line1: form.line1,
      city: form.city,
      postcode: form.postcode,
      country: form.country,
      phone_number: form.phone_number,
      email: form.email,
      currency: currencyCode(form),
      privacyAccepted: form.privacyAccepted,
      termsAccepted: form.termsAccepted,
      password: form.password,
      confirmPassword: form.confirmPassword,
      passwordStrength: strength,
    });
    const namesMissing = form.first_name.trim() === '' || form.last_name.trim() === '';
    setMessages(failed);
    setNameError(namesMissing);
    setServerError(null);
    setSummary(failed.length > 0 || namesMissing);
    if (failed.length > 0 || namesMissing) {
      showFirstError();
      return;
    }
    try {
      const answer = await callApi('startRegistration', {
        user: {
          first_name: form.first_name,
          last_name: form.last_name,
          email: form.email,
          password: form.password,
          phone_number: form.phone_number,
          address: {
            line1: form.line1,
            line2: form.line2,
            city: form.city,
            postcode: form.postcode,
            country: form.country,
          },
          preferredCurrency: currencyCode(form),
          language,
          acceptedTerms: true,
          acceptedPrivacy: true,
        },
      });
      navigate(`/email-sent?email=${encodeURIComponent(answer.email)}`, { replace: true });
    } catch (failure) {
      const field = failure instanceof ApiError ? (serverField(failure) ?? null) : null;
      const limit = tooLongLimitOf(failure);
      const specMessage =
        failure instanceof ApiError &&
        failure.code === 'VALIDATION' &&
        field &&
        FIELD_MESSAGE[field];
      setServerError({
        field,
        text:
          limit !== null
            ? t('errors.tooLong', { max: limit })
            : specMessage
              ? t(specMessage)
              : errorMessage(failure),
      });
      showFirstError();
    }
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    register.run();
  };

  const input = (field: TextField, extra: Partial<ComponentProps<typeof IonInput>> = {}) => (
    <div>
      <IonInput
        className={invalid(field)}
        name={field}
        label={t(`register.fields.${field}`)}
        labelPlacement="floating"
        fill="outline"
        value={form[field]}
        onIonInput={(event) => set(field, event.detail.value ?? '')}
        {...extra}
      />
      {fieldErrors(field)}
    </div>
  );

  return (
    <PageView
      title={t('register.title')}
      subtitle={t('register.subtitle', { brand: brand.name })}
      withBrand
    >
      <form ref={formRef} onSubmit={onSubmit} noValidate>
        <p className="section-label">{t('register.sections.you')}</p>
        <div className="two-columns">
          {input('first_name', { autocomplete: 'given-name' })}
          {input('last_name', { autocomplete: 'family-name' })}
        </div>
        {nameError && (
          <p className="field-error" role="alert">
            {t('register.errors.names')}
          </p>
        )}
        {input('email', { type: 'email', inputmode: 'email', autocomplete: 'email' })}
        {input('phone_number', { type: 'tel', inputmode: 'tel', autocomplete: 'tel' })}

        <p className="section-label">{t('register.sections.password')}</p>
        <div>
          <IonInput
            className={invalid('password')}
            name="password"
            type="password"
            autocomplete="new-password"
            label={t('register.fields.password')}
            labelPlacement="floating"
            fill="outline"
            value={form.password}
            onIonInput={(event) => set('password', event.detail.value ?? '')}
          >
            <IonInputPasswordToggle slot="end" />
          </IonInput>
          <PasswordPanel password={form.password} userInputs={userInputs} />
          {fieldErrors('password')}
        </div>
        <div>
          <IonInput
            className={invalid('confirmPassword')}
            name="confirmPassword"
            type="password"
            autocomplete="new-password"
            label={t('register.fields.confirmPassword')}
            labelPlacement="floating"
            fill="outline"
            value={form.confirmPassword}
            onIonInput={(event) => set('confirmPassword', event.detail.value ?? '')}
          >
            <IonInputPasswordToggle slot="end" />
          </IonInput>
          {fieldErrors('confirmPassword')}
        </div>
        <p className="form-note">{t('register.passwordAdvice')}</p>

        <p className="section-label">{t('register.sections.address')}</p>
        <AddressFields
          value={form}
          onChange={set}
          errors={{
            line1: errorsFor('line1'),
            line2: errorsFor('line2'),
            city: errorsFor('city'),
            postcode: errorsFor('postcode'),
            country: errorsFor('country'),
          }}
        />

        <p className="section-label" id="currency-label">
          {t('register.fields.currency')}
        </p>
        <div className="currency-choices" role="radiogroup" aria-labelledby="currency-label">
          {REGISTRATION_CURRENCY_CHOICES.map((choice) => (
            <label
              key={choice}
              className={form.currencyChoice === choice ? 'choice choice--checked' : 'choice'}
            >
              <input
                type="radio"
                name="currencyChoice"
                value={choice}
                checked={form.currencyChoice === choice}
                onChange={() => set('currencyChoice', choice)}
              />
              {t(`register.currencies.${choice}`)}
            </label>
          ))}
        </div>
        {form.currencyChoice === 'other' && (
          <IonSelect
            className="field"
            name="otherCurrency"
            label={t('register.fields.otherCurrency')}
            labelPlacement="floating"
            fill="outline"
            interface="popover"
            value={form.otherCurrency}
            onIonChange={(event) => set('otherCurrency', String(event.detail.value ?? ''))}
          >
            {otherCurrencies.map((currency) => (
              <IonSelectOption key={currency.code} value={currency.code}>
                {`${currency.name} (${currency.symbol})`}
              </IonSelectOption>
            ))}
          </IonSelect>
        )}
        {fieldErrors('currencyChoice')}

        <p className="section-label">{t('register.sections.agreements')}</p>
        <Agreement
          checked={form.termsAccepted}
          onChange={(checked) => set('termsAccepted', checked)}
          label={t('register.acceptTerms')}
          readLabel={t('register.readTerms')}
          onRead={() => setModal('terms')}
        />
        {fieldErrors('termsAccepted')}
        <Agreement
          checked={form.privacyAccepted}
          onChange={(checked) => set('privacyAccepted', checked)}
          label={t('register.acceptPrivacy')}
          readLabel={t('register.readPrivacy')}
          onRead={() => setModal('privacy')}
        />
        {fieldErrors('privacyAccepted')}

        {serverError && serverError.field === null && (
          <p className="form-error" role="alert">
            {serverError.text}
          </p>
        )}
        {summary && (
          <p className="form-error" role="alert">
            {t('register.fixErrors')}
          </p>
        )}
        <DebounceButton
          className="primary-action"
          expand="block"
          type="submit"
          disabled={register.busy}
          onDebouncedClick={register.run}
        >
          {t('register.submit')}
        </DebounceButton>
      </form>
      <div className="links">
        <span>{t('register.haveAccount')}</span>
        <Link to="/login">{t('register.signIn')}</Link>
      </div>
      <TermsModal
        isOpen={modal !== null}
        onClose={() => setModal(null)}
        src={modal === 'privacy' ? '/privacy' : '/terms'}
        title={modal === 'privacy' ? t('register.privacyTitle') : t('register.termsTitle')}
      />
    </PageView>
  );
}
