import { useState } from 'react';
import { IonButton, IonIcon } from '@ionic/react';
import { toNestErrors } from '@hookform/resolvers';
import { zodResolver } from '@hookform/resolvers/zod';
import { timeOutline } from 'ionicons/icons';
import { useForm, useWatch, type FieldError, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { z } from 'zod';
import { resetPasswordRequest } from '@evc/contract';
import { isPasswordWeak, isResetTokenInvalidMessage } from '@evc/domain';
import { ApiError } from '../../lib/api/api-error.ts';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { useAlert } from '../../lib/alerts.ts';
import { DebounceButton } from '../../ui/debounce-button/debounce-button.tsx';
import { PasswordField } from '../../ui/form-field/password-field.tsx';
import { placeRefusal } from '../../ui/form-field/place-refusal.ts';
import { useRefusalText } from '../../ui/form-field/use-refusal-text.ts';
import { wordedResolver } from '../../ui/form-field/worded-resolver.ts';
import { FormError, PageView } from '../../ui/page-view/page-view.tsx';
import { PasswordPanel } from '../../ui/password-panel/password-panel.tsx';
import { assessPassword } from '../../ui/password-panel/password-strength.ts';
import { useSingleFlight } from './use-single-flight.ts';
import { resetPassword } from './api/reset-password.ts';
import './auth.css';

/** The new password with the contract's rules, and its confirmation; the token is the link's. */
const newPasswordForm = resetPasswordRequest
  .pick({ password: true })
  .extend({ confirmPassword: z.string() });
type Form = z.input<typeof newPasswordForm>;
type SentForm = z.output<typeof newPasswordForm>;

/** A refusal by the spec's rules, its message a translation key. */
const SPEC_REFUSAL = 'spec';

/** spec 001 §5: a weak password and a mismatch are refused first; then the contract's rules. */
const newPasswordResolver: Resolver<Form, unknown, SentForm> = async (values, context, options) => {
  const { strength } = await assessPassword(values.password);
  const refused: Record<string, FieldError> = {};
  if (isPasswordWeak(values.password, strength))
    refused.password = { type: SPEC_REFUSAL, message: 'register.errors.weakPassword' };
  if (values.password !== values.confirmPassword)
    refused.confirmPassword = { type: SPEC_REFUSAL, message: 'register.errors.passwordMismatch' };
  if (Object.keys(refused).length > 0)
    return { values: {}, errors: toNestErrors(refused, options) };
  return zodResolver(newPasswordForm)(values, context, options);
};

/**
 * spec 000 §5: resetting yields false when the server's message says the token is invalid; the
 * page then says the link may have expired.
 */
async function passwordReset(token: string, password: string): Promise<boolean> {
  try {
    await resetPassword({ token, password });
    return true;
  } catch (error) {
    if (error instanceof ApiError && isResetTokenInvalidMessage(error.message)) return false;
    throw error;
  }
}

/** spec 000 §2: reset/{token} lets the user set a new password. */
export function ResetPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const alert = useAlert();
  const errorMessage = useErrorMessage();
  const refusalText = useRefusalText();
  const [expired, setExpired] = useState(false);
  const { control, formState, handleSubmit, setError } = useForm<Form, unknown, SentForm>({
    defaultValues: { password: '', confirmPassword: '' },
    resolver: wordedResolver(newPasswordResolver, (_path, refusal) =>
      refusal.type === SPEC_REFUSAL
        ? t(refusal.message ?? '')
        : refusalText(refusal.message, t('register.errors.weakPassword')),
    ),
    shouldFocusError: false,
  });
  const password = useWatch({ control, name: 'password' });

  const save = useSingleFlight(() =>
    handleSubmit(async (form) => {
      try {
        if (!(await passwordReset(token, form.password))) {
          setExpired(true);
          return;
        }
        navigate('/login', { replace: true });
        void alert.showAlert({ header: t('reset.done.title'), message: t('reset.done.message') });
      } catch (failure) {
        placeRefusal(
          failure,
          setError,
          (field) => (field === 'password' ? field : null),
          (input) =>
            refusalText(
              failure instanceof Error ? failure.message : undefined,
              input && failure instanceof ApiError && failure.code === 'VALIDATION'
                ? t('register.errors.weakPassword')
                : errorMessage(failure),
            ),
        );
      }
    })(),
  );

  if (expired) {
    return (
      <PageView title={t('reset.expired.title')} withBrand>
        <div className="centered">
          <IonIcon className="big-icon" icon={timeOutline} aria-hidden="true" />
          <p className="page-view__subtitle">{t('reset.expired.message')}</p>
        </div>
        <IonButton
          className="primary-action"
          expand="block"
          routerLink="/reset-password"
          routerDirection="root"
        >
          {t('reset.expired.again')}
        </IonButton>
        <div className="links">
          <Link to="/login">{t('reset.backToLogin')}</Link>
        </div>
      </PageView>
    );
  }

  return (
    <PageView title={t('reset.set.title')} subtitle={t('reset.set.subtitle')} withBrand>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.run();
        }}
        noValidate
      >
        <PasswordField
          control={control}
          name="password"
          label={t('reset.set.password')}
          autocomplete="new-password"
          after={<PasswordPanel password={password} />}
        />
        <PasswordField
          control={control}
          name="confirmPassword"
          label={t('reset.set.confirm')}
          autocomplete="new-password"
        />
        <p className="form-note">{t('register.passwordAdvice')}</p>
        <FormError message={formState.errors.root?.server?.message} />
        <DebounceButton
          className="primary-action"
          expand="block"
          type="submit"
          disabled={save.busy}
          onDebouncedClick={save.run}
        >
          {t('reset.set.submit')}
        </DebounceButton>
      </form>
      <div className="links">
        <Link to="/login">{t('reset.backToLogin')}</Link>
      </div>
    </PageView>
  );
}
