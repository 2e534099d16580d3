import { useState } from 'react';
import { IonButton, IonIcon } from '@ionic/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { mailOpenOutline } from 'ionicons/icons';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { emailRequest } from '@evc/contract';
import { ApiError } from '../../lib/api/api-error.ts';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { DebounceButton } from '../../ui/debounce-button/debounce-button.tsx';
import { FormField } from '../../ui/form-field/form-field.tsx';
import { placeRefusal } from '../../ui/form-field/place-refusal.ts';
import { useRefusalText } from '../../ui/form-field/use-refusal-text.ts';
import { wordedResolver } from '../../ui/form-field/worded-resolver.ts';
import { FormError, PageView } from '../../ui/page-view/page-view.tsx';
import { useSingleFlight } from './use-single-flight.ts';
import { forgotPassword } from './api/forgot-password.ts';
import './auth.css';
import { useRefusalClearedOnEdit } from '../../ui/form-field/use-refusal-cleared-on-edit.ts';

/** spec 000 §2: forgotten password — a reset link is e-mailed to the address given. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const refusalText = useRefusalText();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { control, formState, handleSubmit, setError, watch, clearErrors } = useForm({
    defaultValues: { email: '' },
    resolver: wordedResolver(zodResolver(emailRequest), (_path, refusal) =>
      refusalText(refusal.message, t('register.errors.email')),
    ),
    shouldFocusError: false,
  });
  useRefusalClearedOnEdit({ watch, clearErrors });

  const request = useSingleFlight(() =>
    handleSubmit(async (form) => {
      try {
        await forgotPassword(form);
        setSentTo(form.email);
      } catch (failure) {
        placeRefusal(
          failure,
          setError,
          (field) => (field === 'email' ? field : null),
          (input) =>
            refusalText(
              failure instanceof Error ? failure.message : undefined,
              input && failure instanceof ApiError && failure.code === 'VALIDATION'
                ? t('register.errors.email')
                : errorMessage(failure),
            ),
        );
      }
    })(),
  );

  if (sentTo) {
    return (
      <PageView title={t('reset.request.sentTitle')} withBrand>
        <div className="centered">
          <IonIcon className="big-icon" icon={mailOpenOutline} aria-hidden="true" />
          <p role="status">{t('reset.request.sent', { email: sentTo })}</p>
          <p className="form-note">{t('reset.request.spam')}</p>
        </div>
        <IonButton
          className="primary-action"
          expand="block"
          routerLink="/login"
          routerDirection="root"
        >
          {t('reset.backToLogin')}
        </IonButton>
        <IonButton fill="clear" expand="block" onClick={() => setSentTo(null)}>
          {t('reset.request.again')}
        </IonButton>
      </PageView>
    );
  }

  return (
    <PageView title={t('reset.request.title')} subtitle={t('reset.request.subtitle')} withBrand>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          request.run();
        }}
        noValidate
      >
        <FormField
          control={control}
          name="email"
          label={t('auth.fields.email')}
          type="email"
          inputmode="email"
          autocomplete="email"
        />
        <FormError message={formState.errors.root?.server?.message} />
        <DebounceButton
          className="primary-action"
          expand="block"
          type="submit"
          disabled={request.busy}
          onDebouncedClick={request.run}
        >
          {t('reset.request.submit')}
        </DebounceButton>
      </form>
      <div className="links">
        <Link to="/login">{t('reset.backToLogin')}</Link>
        <Link to="/register">{t('auth.login.register')}</Link>
      </div>
    </PageView>
  );
}
