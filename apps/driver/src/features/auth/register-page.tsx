import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { IonButton, IonCheckbox } from '@ionic/react';
import { IonSelectOption } from '../../ui/ionic/ion-select.ts';
import { useController, useForm, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { REGISTRATION_CURRENCY_CHOICES, registrationCurrencyChoices } from '@evc/domain';
import { ApiError } from '../../lib/api/api-error.ts';
import { allCurrenciesQuery } from '../../lib/api/calls/get-all-currencies.ts';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { useBrand } from '../../lib/brand.ts';
import { currencyName } from '../../lib/currency-name.ts';
import { useFormatLocale } from '../../lib/dates.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session/session-store.ts';
import { AddressFields } from '../../ui/address-fields/address-fields.tsx';
import { DebounceButton } from '../../ui/debounce-button/debounce-button.tsx';
import { FieldMessage } from '../../ui/form-field/field-message.tsx';
import { FormField } from '../../ui/form-field/form-field.tsx';
import { PasswordField } from '../../ui/form-field/password-field.tsx';
import { placeRefusal } from '../../ui/form-field/place-refusal.ts';
import { SelectField } from '../../ui/form-field/select-field.tsx';
import { useRefusalText } from '../../ui/form-field/use-refusal-text.ts';
import { refusedInputs, wordedResolver } from '../../ui/form-field/worded-resolver.ts';
import { FormError, PageView } from '../../ui/page-view/page-view.tsx';
import { PasswordPanel } from '../../ui/password-panel/password-panel.tsx';
import { TermsModal } from '../../ui/terms-modal/terms-modal.tsx';
import { useStartRegistration } from './api/start-registration.ts';
import {
  ADDRESS_NAMES,
  currencyCode,
  FIELD_MESSAGE,
  inputOf,
  passwordInputs,
  registrationResolver,
  SPEC_REFUSAL,
  type Form,
  type Input,
  type SentForm,
} from './registration-form.ts';
import { useSingleFlight } from './use-single-flight.ts';
import './auth.css';
import { useRefusalClearedOnEdit } from '../../ui/form-field/use-refusal-cleared-on-edit.ts';

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

/** A box to tick under the form (terms, privacy), with what is wrong when it is not ticked. */
function AgreementField({
  control,
  name,
  ...agreement
}: Omit<AgreementProps, 'checked' | 'onChange'> & {
  control: Control<Form, unknown, SentForm>;
  name: 'termsAccepted' | 'privacyAccepted';
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <>
      <Agreement {...agreement} checked={field.value} onChange={field.onChange} />
      <FieldMessage text={fieldState.error?.message} />
    </>
  );
}

/** spec 000 §2, §4 and 001 §5: the registration form, then the e-mail-sent page. */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { brand } = useBrand();
  const { language } = useLanguage();
  const locale = useFormatLocale();
  const errorMessage = useErrorMessage();
  const refusalText = useRefusalText();
  const formRef = useRef<HTMLFormElement>(null);
  const [modal, setModal] = useState<'terms' | 'privacy' | null>(null);
  const currencyOptions = registrationCurrencyChoices(brand.defaultCurrency);
  const { control, formState, handleSubmit, setError, watch, clearErrors } = useForm<
    Form,
    unknown,
    SentForm
  >({
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      password: '',
      confirmPassword: '',
      phone_number: '',
      address: { line1: '', line2: '', city: '', postcode: '', country: brand.defaultCountry },
      currencyChoice: currencyOptions.preselected,
      otherCurrency: '',
      termsAccepted: false,
      privacyAccepted: false,
    },
    resolver: wordedResolver(registrationResolver, (path, refusal) => {
      if (refusal.type === SPEC_REFUSAL) return refusal.message ? t(refusal.message) : '';
      const own = FIELD_MESSAGE[path as Input];
      return refusalText(refusal.message, own ? t(own) : (refusal.message ?? ''));
    }),
    shouldFocusError: false,
  });
  useRefusalClearedOnEdit({ watch, clearErrors });

  const currencyChoice = useController({ control, name: 'currencyChoice' });
  const [firstName, lastName, email, password] = useWatch({
    control,
    name: ['first_name', 'last_name', 'email', 'password'],
  });
  const currencies = useQuery(allCurrenciesQuery);
  const start = useStartRegistration();
  // Issue 15: a guest who registers takes its charges, payments and saved cards to the account.
  const { guest } = useSession();
  const otherCurrencies = (currencies.data ?? []).filter(
    (currency) => !currencyOptions.choices.includes(currency.code.toLowerCase()),
  );
  /** The spec's choices have its words; the brand's own currency is named in the language. */
  const choiceLabel = (choice: string) => {
    if (REGISTRATION_CURRENCY_CHOICES.some((spec) => spec === choice)) {
      return t(`register.currencies.${choice}`);
    }
    const named = currencies.data?.find((currency) => currency.code.toLowerCase() === choice);
    const name = currencyName(choice, locale);
    return named ? `${named.symbol} ${name}` : name;
  };

  const specRefused = refusedInputs(formState.errors).filter(
    ([, refusal]) => refusal.type === SPEC_REFUSAL,
  );
  const namesMissing = specRefused.some(
    ([input]) => input === 'first_name' || input === 'last_name',
  );

  const showFirstError = () => {
    requestAnimationFrame(() => {
      const first = formRef.current?.querySelector('.field-error, .form-error');
      // jsdom has no scrolling
      if (first && typeof first.scrollIntoView === 'function')
        first.scrollIntoView({ behavior: 'smooth', block: 'center' });
    });
  };

  const send = async (form: SentForm) => {
    try {
      const answer = await start.mutateAsync({
        user: {
          first_name: form.first_name,
          last_name: form.last_name,
          email: form.email,
          password: form.password,
          phone_number: form.phone_number,
          address: form.address,
          preferredCurrency: currencyCode(form),
          language,
          acceptedTerms: true,
          acceptedPrivacy: true,
        },
        ...(guest ? { guestCode: guest.HRCode } : {}),
      });
      navigate(`/email-sent?email=${encodeURIComponent(answer.email)}`, { replace: true });
    } catch (failure) {
      placeRefusal(failure, setError, inputOf, (input) => {
        // A validation refusal of an input the spec words is said in the spec's words.
        const own =
          input && failure instanceof ApiError && failure.code === 'VALIDATION'
            ? FIELD_MESSAGE[input]
            : undefined;
        return refusalText(
          failure instanceof Error ? failure.message : undefined,
          own ? t(own) : errorMessage(failure),
        );
      });
      showFirstError();
    }
  };
  const register = useSingleFlight(() => handleSubmit(send, showFirstError)());

  return (
    <PageView
      title={t('register.title')}
      subtitle={t('register.subtitle', { brand: brand.name })}
      withBrand
    >
      {guest && (
        <p className="form-note" role="note" data-field="guest-transfer">
          {t('register.fromGuest', { code: guest.HRCode })}
        </p>
      )}
      <form
        ref={formRef}
        onSubmit={(event) => {
          event.preventDefault();
          register.run();
        }}
        noValidate
      >
        <p className="section-label">{t('register.sections.you')}</p>
        <div className="two-columns">
          <FormField
            control={control}
            name="first_name"
            label={t('register.fields.first_name')}
            autocomplete="given-name"
          />
          <FormField
            control={control}
            name="last_name"
            label={t('register.fields.last_name')}
            autocomplete="family-name"
          />
        </div>
        <FieldMessage text={namesMissing ? t('register.errors.names') : undefined} />
        <FormField
          control={control}
          name="email"
          label={t('register.fields.email')}
          type="email"
          inputmode="email"
          autocomplete="email"
        />
        <FormField
          control={control}
          name="phone_number"
          label={t('register.fields.phone_number')}
          type="tel"
          inputmode="tel"
          autocomplete="tel"
        />

        <p className="section-label">{t('register.sections.password')}</p>
        <PasswordField
          control={control}
          name="password"
          label={t('register.fields.password')}
          autocomplete="new-password"
          after={
            <PasswordPanel
              password={password}
              userInputs={passwordInputs({ first_name: firstName, last_name: lastName, email })}
            />
          }
        />
        <PasswordField
          control={control}
          name="confirmPassword"
          label={t('register.fields.confirmPassword')}
          autocomplete="new-password"
        />
        <p className="form-note">{t('register.passwordAdvice')}</p>

        <p className="section-label">{t('register.sections.address')}</p>
        <AddressFields control={control} names={ADDRESS_NAMES} />

        <p className="section-label" id="currency-label">
          {t('register.fields.currency')}
        </p>
        <div className="currency-choices" role="radiogroup" aria-labelledby="currency-label">
          {currencyOptions.choices.map((choice) => (
            <label
              key={choice}
              className={
                currencyChoice.field.value === choice ? 'choice choice--checked' : 'choice'
              }
            >
              <input
                type="radio"
                name="currencyChoice"
                value={choice}
                checked={currencyChoice.field.value === choice}
                onChange={() => currencyChoice.field.onChange(choice)}
              />
              {choiceLabel(choice)}
            </label>
          ))}
        </div>
        {currencyChoice.field.value === 'other' && (
          <SelectField
            control={control}
            name="otherCurrency"
            label={t('register.fields.otherCurrency')}
          >
            {otherCurrencies.map((currency) => (
              <IonSelectOption key={currency.code} value={currency.code}>
                {`${currencyName(currency.code, locale)} (${currency.symbol})`}
              </IonSelectOption>
            ))}
          </SelectField>
        )}
        <FieldMessage text={currencyChoice.fieldState.error?.message} />

        <p className="section-label">{t('register.sections.agreements')}</p>
        <AgreementField
          control={control}
          name="termsAccepted"
          label={t('register.acceptTerms')}
          readLabel={t('register.readTerms')}
          onRead={() => setModal('terms')}
        />
        <AgreementField
          control={control}
          name="privacyAccepted"
          label={t('register.acceptPrivacy')}
          readLabel={t('register.readPrivacy')}
          onRead={() => setModal('privacy')}
        />

        <FormError message={formState.errors.root?.server?.message} />
        <FormError message={specRefused.length > 0 ? t('register.fixErrors') : undefined} />
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
