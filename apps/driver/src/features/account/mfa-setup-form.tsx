import { useState } from 'react';
import { IonButton, IonIcon } from '@ionic/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { copyOutline, openOutline } from 'ionicons/icons';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { mfaSetupRequest, type CallResponse, type MfaMethod } from '@evc/contract';
import { isMfaCode, type MfaOperation } from '@evc/domain';
import { ApiError } from '../../lib/api/api-error.ts';
import { useMfaFailure } from '../../lib/api/mfa-failure.ts';
import { FormField } from '../../ui/form-field/form-field.tsx';
import { placeRefusal } from '../../ui/form-field/place-refusal.ts';
import { useRefusalText } from '../../ui/form-field/use-refusal-text.ts';
import { wordedResolver } from '../../ui/form-field/worded-resolver.ts';
import { MfaCodeInput } from '../../ui/mfa-code-input/mfa-code-input.tsx';
import { FormError } from '../../ui/page-view/page-view.tsx';
import { mfaSetup } from './api/mfa-setup.ts';
import { mfaSetupConfirm } from './api/mfa-setup-confirm.ts';
import { MFA_METHOD_ICONS } from './mfa-methods.ts';

type Enrolment = CallResponse<'mfaSetup'>;

/**
 * The phone number a code is texted to, with the contract's rule. The code itself is typed into
 * the one-time-code widget and only its shape is checked, so it stays outside the form.
 */
const phoneForm = mfaSetupRequest.pick({ phone_number: true }).required();
const phoneInput = (field: string) => (field === 'phone_number' ? field : null);

/** The set-up key in groups of four, easier to type into an app by hand. */
function inGroups(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** A phone or tablet, where an otpauth:// link opens the authenticator app on the same device. */
function onTouchDevice(): boolean {
  return window.matchMedia('(pointer: coarse)').matches;
}

export interface MfaSetupFormProps {
  /** The methods not set up yet, in the order they are offered. */
  missing: readonly MfaMethod[];
  defaultPhone: string;
  onConfirmed: (method: MfaMethod, answer: CallResponse<'mfaSetupConfirm'>) => Promise<void>;
}

/**
 * spec 001 §4: choose a method, send a code (or show the authenticator app's QR code), enter the
 * 6-digit code. The code is checked by the server; only its shape is checked here (spec 001 §5).
 */
export function MfaSetupForm({ missing, defaultPhone, onConfirmed }: MfaSetupFormProps) {
  const { t } = useTranslation();
  const mfaFailure = useMfaFailure();
  const refusalText = useRefusalText();
  const { control, formState, handleSubmit, setError, clearErrors } = useForm({
    defaultValues: { phone_number: defaultPhone },
    resolver: wordedResolver(zodResolver(phoneForm), (_path, refusal) =>
      refusalText(refusal.message, t('register.errors.phone')),
    ),
    shouldFocusError: false,
  });
  const [choice, setChoice] = useState<MfaMethod | null>(null);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const selected = choice && missing.includes(choice) ? choice : (missing[0] ?? null);

  /** What went wrong with the form as a whole (not the phone number), under it. */
  const showProblem = (message: string) => setError('root.server', { type: 'server', message });

  const run = async (operation: MfaOperation, action: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    clearErrors();
    try {
      await action();
    } catch (failure) {
      placeRefusal(failure, setError, phoneInput, (input) =>
        refusalText(
          failure instanceof Error ? failure.message : undefined,
          input && failure instanceof ApiError && failure.code === 'VALIDATION'
            ? t('register.errors.phone')
            : mfaFailure(operation, failure),
        ),
      );
    } finally {
      setBusy(false);
    }
  };

  /** Starts a set-up: a code is sent (again) by e-mail or text message; the app shows a QR code. */
  const enrol = (method: MfaMethod, phone?: string, again = false) =>
    run(method === 'app' ? 'setup' : again ? 'resend' : 'send', async () => {
      const answer = await mfaSetup({
        method,
        ...(phone === undefined ? {} : { phone_number: phone }),
      });
      setEnrolment(answer);
      setCode('');
      setNotice(method === 'app' ? null : t('auth.mfa.sent'));
    });

  /** A text message needs a valid phone number first; the other methods need nothing typed. */
  const send = (method: MfaMethod, again = false) =>
    method === 'phone'
      ? handleSubmit((form) => enrol(method, form.phone_number, again))()
      : enrol(method, undefined, again);

  const confirm = (method: MfaMethod) =>
    run('authenticate', async () => {
      if (!isMfaCode(code)) {
        showProblem(t('auth.mfa.codeInvalid'));
        return;
      }
      const answer = await mfaSetupConfirm({ method, code });
      setEnrolment(null);
      setCode('');
      setNotice(null);
      await onConfirmed(method, answer);
    });

  const copySecret = async (secret: string) => {
    try {
      await navigator.clipboard.writeText(secret);
      clearErrors();
      setNotice(t('mfa.copied'));
    } catch {
      showProblem(t('mfa.copyFailed'));
    }
  };

  const cancel = () => {
    setEnrolment(null);
    setCode('');
    clearErrors();
    setNotice(null);
  };

  if (!selected) return null;

  return (
    <form
      className="mfa-setup"
      onSubmit={(event) => {
        event.preventDefault();
        if (enrolment) void confirm(enrolment.method);
        else void send(selected);
      }}
      noValidate
    >
      <h2 className="mfa-setup__title">
        {enrolment
          ? t('mfa.setUp', { method: t(`mfa.methods.${enrolment.method}`) })
          : t('mfa.add')}
      </h2>
      {!enrolment && (
        <>
          <div className="method-choices" role="radiogroup" aria-label={t('mfa.add')}>
            {missing.map((method) => (
              <label
                key={method}
                className={selected === method ? 'choice choice--checked' : 'choice'}
              >
                <input
                  type="radio"
                  name="mfaMethod"
                  value={method}
                  checked={selected === method}
                  onChange={() => {
                    setChoice(method);
                    clearErrors();
                  }}
                />
                <IonIcon icon={MFA_METHOD_ICONS[method]} aria-hidden="true" />
                {t(`mfa.methods.${method}`)}
              </label>
            ))}
          </div>
          <p className="form-note">{t(`mfa.explain.${selected}`)}</p>
          {selected === 'phone' && (
            <FormField
              control={control}
              name="phone_number"
              label={t('register.fields.phone_number')}
              type="tel"
              inputmode="tel"
              autocomplete="tel"
            />
          )}
        </>
      )}
      {enrolment?.method === 'app' && (
        <div className="mfa-app">
          <p>{t('mfa.scan')}</p>
          {enrolment.qrDataUrl && (
            <img className="mfa-qr" src={enrolment.qrDataUrl} alt={t('mfa.qrAlt')} />
          )}
          {enrolment.secret && (
            <div className="mfa-secret">
              <span className="mfa-secret__label">{t('mfa.key')}</span>
              <code>{inGroups(enrolment.secret)}</code>
              <IonButton
                size="small"
                fill="outline"
                onClick={() => void copySecret(enrolment.secret ?? '')}
              >
                <IonIcon slot="start" icon={copyOutline} aria-hidden="true" />
                {t('mfa.copyKey')}
              </IonButton>
            </div>
          )}
          {enrolment.otpauthUrl && onTouchDevice() && (
            <IonButton
              className="mfa-open-app"
              size="small"
              fill="clear"
              href={enrolment.otpauthUrl}
            >
              <IonIcon slot="start" icon={openOutline} aria-hidden="true" />
              {t('mfa.openApp')}
            </IonButton>
          )}
        </div>
      )}
      {notice && (
        <p className="form-note" role="status">
          {notice}
        </p>
      )}
      {enrolment && <MfaCodeInput value={code} onChange={setCode} />}
      <FormError message={formState.errors.root?.server?.message} />
      <IonButton className="primary-action" expand="block" type="submit" disabled={busy}>
        {enrolment ? t('mfa.confirm') : selected === 'app' ? t('mfa.showQr') : t('auth.mfa.send')}
      </IonButton>
      {enrolment && (
        <div className="mfa-setup__secondary">
          {enrolment.method !== 'app' && (
            <IonButton
              fill="clear"
              disabled={busy}
              onClick={() => void send(enrolment.method, true)}
            >
              {t('auth.mfa.resend')}
            </IonButton>
          )}
          <IonButton fill="clear" color="medium" onClick={cancel}>
            {t('common.cancel')}
          </IonButton>
        </div>
      )}
    </form>
  );
}
