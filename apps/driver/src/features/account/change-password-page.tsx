import { useMemo, useState } from 'react';
import { IonButton } from '@ionic/react';
import { toNestErrors } from '@hookform/resolvers';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type FieldError, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { updatePasswordRequest } from '@evc/contract';
import {
  validatePasswordChange,
  type PasswordChangeMessageKey,
  type PasswordStrength,
} from '@evc/domain';
import { ApiError } from '../../lib/api/api-error.ts';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { useAlert } from '../../lib/alerts.ts';
import { useSession } from '../../lib/session/session-store.ts';
import { updateKeptPassword } from '../../lib/session/stored-credentials.ts';
import { PasswordField } from '../../ui/form-field/password-field.tsx';
import { placeRefusal } from '../../ui/form-field/place-refusal.ts';
import { useRefusalText } from '../../ui/form-field/use-refusal-text.ts';
import { refusedInputs, wordedResolver } from '../../ui/form-field/worded-resolver.ts';
import { FormError, PageView } from '../../ui/page-view/page-view.tsx';
import { PasswordPanel } from '../../ui/password-panel/password-panel.tsx';
import { updatePassword } from './api/update-password.ts';
import { useRefusalClearedOnEdit } from '../../ui/form-field/use-refusal-cleared-on-edit.ts';

/** The call's passwords with the contract's rules, and the new one typed again. */
const passwordChangeForm = updatePasswordRequest.extend({ confirmPassword: z.string() });
type Form = z.input<typeof passwordChangeForm>;
type SentForm = z.output<typeof passwordChangeForm>;
type Input = keyof Form;

/** A refusal by the spec's rules; an empty input's carries no message, the form says it once. */
const SPEC_REFUSAL = 'spec';

const MESSAGE_INPUT = {
  'changePassword.errors.mismatch': 'confirmPassword',
  'changePassword.errors.weak': 'new_password',
} as const satisfies Record<
  Exclude<PasswordChangeMessageKey, 'changePassword.errors.empty'>,
  Input
>;

/** Each input's own words for a refusal of the contract or the server. */
const MESSAGE_KEY = {
  old_password: 'changePassword.errors.incorrectCurrent',
  new_password: 'changePassword.errors.weak',
  confirmPassword: 'changePassword.errors.mismatch',
} as const satisfies Record<Input, string>;

const isInput = (path: string): path is Input => Object.hasOwn(MESSAGE_KEY, path);

/**
 * spec 001 §5: empty, mismatched and weak passwords are refused first, the new one as strong as
 * the meter beside it judged it; then the contract's rules.
 */
const passwordChangeResolver =
  (strength: PasswordStrength): Resolver<Form, unknown, SentForm> =>
  async (values, context, options) => {
    const failed = validatePasswordChange({
      current: values.old_password,
      next: values.new_password,
      confirm: values.confirmPassword,
      strength,
    });
    const refused: Record<string, FieldError> = {};
    for (const key of failed) {
      if (key === 'changePassword.errors.empty') {
        for (const input of ['old_password', 'new_password', 'confirmPassword'] as const)
          if (values[input] === '') refused[input] = { type: SPEC_REFUSAL, message: '' };
      } else {
        refused[MESSAGE_INPUT[key]] = { type: SPEC_REFUSAL, message: key };
      }
    }
    if (Object.keys(refused).length > 0)
      return { values: {}, errors: toNestErrors(refused, options) };
    return zodResolver(passwordChangeForm)(values, context, options);
  };

/** spec 001 §5: empty, mismatched and weak passwords are refused; a wrong current one too. */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { showAlert } = useAlert();
  const errorMessage = useErrorMessage();
  const refusalText = useRefusalText();
  const { user } = useSession();
  const [strength, setStrength] = useState<PasswordStrength>(0);
  const { control, formState, handleSubmit, reset, setError, watch, clearErrors } = useForm<
    Form,
    unknown,
    SentForm
  >({
    defaultValues: { old_password: '', new_password: '', confirmPassword: '' },
    resolver: wordedResolver(passwordChangeResolver(strength), (path, refusal) => {
      if (refusal.type === SPEC_REFUSAL) return refusal.message ? t(refusal.message) : '';
      return refusalText(
        refusal.message,
        isInput(path) ? t(MESSAGE_KEY[path]) : (refusal.message ?? ''),
      );
    }),
    shouldFocusError: false,
  });
  useRefusalClearedOnEdit({ watch, clearErrors });

  const newPassword = useWatch({ control, name: 'new_password' });
  const userInputs = useMemo(
    () => (user ? [user.first_name, user.last_name, user.email] : []),
    [user],
  );
  const empty = refusedInputs(formState.errors).some(
    ([, refusal]) => refusal.type === SPEC_REFUSAL && !refusal.message,
  );

  const change = handleSubmit(async (form) => {
    try {
      await updatePassword({ old_password: form.old_password, new_password: form.new_password });
      // Issue 19: a kept password is replaced, or the next sign-in would fail with the old one.
      if (user) await updateKeptPassword(user.email, form.new_password);
      reset();
      await showAlert({
        header: t('changePassword.doneTitle'),
        message: t('changePassword.doneMessage'),
      });
      navigate('/home', { replace: true });
    } catch (failure) {
      placeRefusal(
        failure,
        setError,
        (field) => (isInput(field) ? field : null),
        (input) =>
          refusalText(
            failure instanceof Error ? failure.message : undefined,
            input && failure instanceof ApiError && failure.code === 'VALIDATION'
              ? t(MESSAGE_KEY[input])
              : errorMessage(failure),
          ),
      );
    }
  });

  return (
    <PageView title={t('changePassword.title')} subtitle={t('changePassword.subtitle')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!formState.isSubmitting) void change();
        }}
        noValidate
      >
        {/* The account whose password changes, for the browser's password manager to update. */}
        <input
          type="email"
          name="username"
          autoComplete="username"
          value={user?.email ?? ''}
          readOnly
          hidden
        />
        <PasswordField
          control={control}
          name="old_password"
          label={t('changePassword.fields.current')}
          autocomplete="current-password"
        />
        <PasswordField
          control={control}
          name="new_password"
          label={t('changePassword.fields.next')}
          autocomplete="new-password"
          after={
            <PasswordPanel
              password={newPassword}
              userInputs={userInputs}
              onStrengthChange={setStrength}
            />
          }
        />
        <PasswordField
          control={control}
          name="confirmPassword"
          label={t('changePassword.fields.confirm')}
          autocomplete="new-password"
        />
        <p className="form-note">{t('register.passwordAdvice')}</p>
        <FormError message={empty ? t('changePassword.errors.empty') : undefined} />
        <FormError message={formState.errors.root?.server?.message} />
        <IonButton
          className="primary-action"
          expand="block"
          type="submit"
          disabled={formState.isSubmitting}
        >
          {t('changePassword.submit')}
        </IonButton>
      </form>
    </PageView>
  );
}
