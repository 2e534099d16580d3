import { useEffect, useState } from 'react';
import { IonButton, IonCheckbox, IonIcon } from '@ionic/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { helpCircleOutline, personOutline, playCircleOutline } from 'ionicons/icons';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { loginRequest, type SignedInUser } from '@evc/contract';
import { API_VERSION_PARTS, APP_VERSION } from '@evc/domain';
import { ApiError } from '../../lib/api/api-error.ts';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { useAlert } from '../../lib/alerts.ts';
import { useBrand } from '../../lib/brand.ts';
import { useFeatureVisible } from '../../lib/permissions.ts';
import { getUuid, signIn } from '../../lib/session/session-store.ts';
import {
  clearCredentials,
  keptSignInName,
  loadCredentials,
  saveCredentials,
} from '../../lib/session/stored-credentials.ts';
import { DebounceButton } from '../../ui/debounce-button/debounce-button.tsx';
import { FormField } from '../../ui/form-field/form-field.tsx';
import { PasswordField } from '../../ui/form-field/password-field.tsx';
import { placeRefusal } from '../../ui/form-field/place-refusal.ts';
import { useRefusalText } from '../../ui/form-field/use-refusal-text.ts';
import { refusedInputs, wordedResolver } from '../../ui/form-field/worded-resolver.ts';
import { LanguageSelector } from '../../ui/language-selector/language-selector.tsx';
import {
  LoginWithMfaModal,
  type MfaSignInChallenge,
} from '../../ui/login-with-mfa/login-with-mfa-modal.tsx';
import { PageView } from '../../ui/page-view/page-view.tsx';
import { VideoOverlay } from '../../ui/video-overlay/video-overlay.tsx';
import { login } from './api/login.ts';
import { useSingleFlight } from './use-single-flight.ts';
import './auth.css';

/** The name and password with the contract's rules; the name trimmed, in lower case (spec 000 §5). */
const credentialsForm = loginRequest.pick({ name: true, password: true });
type Form = z.input<typeof credentialsForm>;
type Credentials = z.output<typeof credentialsForm>;

/** A missing name or password: the form says once that both are needed. */
const MISSING = 'too_small';

/** Where a guard sent the driver from, to return there after signing in. */
function returnAddress(state: unknown): string {
  if (
    typeof state === 'object' &&
    state !== null &&
    'from' in state &&
    typeof state.from === 'string'
  ) {
    return state.from.startsWith('/login') ? '/home' : state.from;
  }
  return '/home';
}

/** spec 000 §2, §4: sign in, with the multi-factor step when the account has one. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { brand } = useBrand();
  const alert = useAlert();
  const errorMessage = useErrorMessage();
  const videoVisible = useFeatureVisible('HOW_TO_VIDEO') && Boolean(brand.howToVideoUrl);
  const refusalText = useRefusalText();
  const { control, formState, handleSubmit, reset, setError } = useForm<Form, unknown, Credentials>(
    {
      defaultValues: { name: '', password: '' },
      // A missing input is only marked; too long an input says its limit beside it.
      resolver: wordedResolver(zodResolver(credentialsForm), (_path, refusal) =>
        refusal.type === MISSING ? '' : refusalText(refusal.message, t('errors.generic')),
      ),
      shouldFocusError: false,
    },
  );
  const [keepLoggedIn, setKeepLoggedIn] = useState(false);
  // spec 000 §8 Registration Not Confirmed: the address to send the confirmation e-mail to again.
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  // spec 000 §4 RequestToken: the code step opens over the form (spec 000 §2 login-with-mfa).
  const [mfa, setMfa] = useState<MfaSignInChallenge | null>(null);
  const [videoOpen, setVideoOpen] = useState(false);
  const missing = refusedInputs(formState.errors).some(([, refusal]) => refusal.type === MISSING);
  const error = missing ? t('auth.login.missing') : formState.errors.root?.server?.message;

  useEffect(() => {
    void keptSignInName().then((name) => {
      if (name) setKeepLoggedIn(true);
    });
    void loadCredentials().then((stored) => {
      if (!stored) return;
      reset({ name: stored.username, password: stored.password });
      setKeepLoggedIn(true);
    });
  }, [reset]);

  /**
   * spec 000 §3: with keep-me-logged-in the name and password are kept on the device, by the
   * platform's keeper of passwords (issue 19: never in plain text).
   */
  const finish = async (user: SignedInUser, credentials: Credentials) => {
    if (keepLoggedIn)
      await saveCredentials({ username: credentials.name, password: credentials.password });
    else await clearCredentials();
    await signIn(user.tokenData);
    navigate(returnAddress(location.state), { replace: true });
  };

  const signInWith = async (credentials: Credentials) => {
    try {
      const answer = await login({
        ...credentials,
        apiVersion: {
          majorversion: API_VERSION_PARTS.major,
          minorversion: API_VERSION_PARTS.minor,
          patchversion: API_VERSION_PARTS.patch,
        },
        appVersion: APP_VERSION,
        uuid: await getUuid(),
      });
      if (answer.mfaStage === 'RequestToken') {
        setMfa({ credentials, options: answer.mfaOptions ?? [] });
      } else if (answer.mfaStage === 'EnforcedSetup' && answer.user) {
        // docs/decisions/0001: a token limited to setting up MFA; the MFA page guides the set-up.
        await signIn(answer.user.tokenData);
        navigate('/mfa', { replace: true });
        void alert.showAlert({
          header: t('auth.login.setupMfaTitle'),
          message: t('auth.login.setupMfaMessage'),
        });
      } else if (answer.user) {
        await finish(answer.user, credentials);
      } else {
        setError('root.server', { type: 'server', message: t('errors.generic') });
      }
    } catch (failure) {
      placeRefusal(
        failure,
        setError,
        (field) => (field === 'name' || field === 'password' ? field : null),
        () =>
          refusalText(
            failure instanceof Error ? failure.message : undefined,
            errorMessage(failure),
          ),
      );
      if (failure instanceof ApiError && failure.code === 'REGISTRATION_NOT_CONFIRMED') {
        setUnconfirmed(credentials.name);
      }
    }
  };

  const submit = useSingleFlight(() => {
    setUnconfirmed(null);
    return handleSubmit(signInWith)();
  });

  return (
    <PageView
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle', { brand: brand.name })}
      withBrand
    >
      <div className="auth-language">
        <LanguageSelector />
      </div>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit.run();
        }}
        noValidate
      >
        <FormField
          control={control}
          name="name"
          label={t('auth.fields.email')}
          type="email"
          inputmode="email"
          autocomplete="username"
        />
        <PasswordField
          control={control}
          name="password"
          label={t('auth.fields.password')}
          autocomplete="current-password"
        />
        <IonCheckbox
          className="check-row"
          labelPlacement="end"
          justify="start"
          checked={keepLoggedIn}
          onIonChange={(event) => setKeepLoggedIn(event.detail.checked)}
        >
          {t('auth.login.keepLoggedIn')}
        </IonCheckbox>
        {keepLoggedIn && <p className="form-note">{t('auth.login.keepLoggedInNote')}</p>}
        {error && (
          <p className="form-error" role="alert">
            {error}
            {unconfirmed && (
              <>
                {' '}
                <Link to={`/email-sent?email=${encodeURIComponent(unconfirmed)}&pending=1`}>
                  {t('auth.login.resendConfirmation')}
                </Link>
              </>
            )}
          </p>
        )}
        <DebounceButton
          className="primary-action"
          expand="block"
          type="submit"
          disabled={submit.busy}
          onDebouncedClick={submit.run}
        >
          {t('auth.login.submit')}
        </DebounceButton>
      </form>
      <div className="links">
        <Link to="/reset-password">{t('auth.login.forgot')}</Link>
        <Link to="/register">{t('auth.login.register')}</Link>
      </div>
      {/* spec 000 §2: continue as guest — charge without an account (issue 15). */}
      <IonButton
        className="guest-entry"
        expand="block"
        fill="outline"
        routerLink="/guest/guest-home"
      >
        <IonIcon slot="start" icon={personOutline} aria-hidden="true" />
        {t('auth.login.continueAsGuest')}
      </IonButton>
      <Link to="/faq" className="faq-link">
        <IonIcon icon={helpCircleOutline} aria-hidden="true" />
        {t('auth.login.faq')}
      </Link>
      <LoginWithMfaModal
        challenge={mfa}
        onVerified={async (user) => {
          if (!mfa) return;
          await finish(user, mfa.credentials);
          setMfa(null);
        }}
        onDismiss={() => setMfa(null)}
      />
      {videoVisible && brand.howToVideoUrl && (
        <>
          <IonButton
            fill="clear"
            expand="block"
            className="video-link"
            onClick={() => setVideoOpen(true)}
          >
            <IonIcon slot="start" icon={playCircleOutline} aria-hidden="true" />
            {t('auth.login.howTo')}
          </IonButton>
          <VideoOverlay
            isOpen={videoOpen}
            videoUrl={brand.howToVideoUrl}
            onClosed={() => setVideoOpen(false)}
          />
        </>
      )}
    </PageView>
  );
}
