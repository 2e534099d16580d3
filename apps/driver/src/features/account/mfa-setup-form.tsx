import { useState, type FormEvent } from 'react';
import { IonButton, IonIcon, IonInput } from '@ionic/react';
import { copyOutline, openOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { phoneNumber, type CallResponse, type MfaMethod } from '@evc/contract';
import { isMfaCode } from '@evc/domain';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { MfaCodeInput } from '../../ui/mfa-code-input/mfa-code-input.tsx';
import { FormError } from '../../ui/page-view/page-view.tsx';
import { mfaSetup } from './api/mfa-setup.ts';
import { mfaSetupConfirm } from './api/mfa-setup-confirm.ts';
import { MFA_METHOD_ICONS } from './mfa-methods.ts';

type Enrolment = CallResponse<'mfaSetup'>;

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
  const errorMessage = useErrorMessage();
  const [choice, setChoice] = useState<MfaMethod | null>(null);
  const [phone, setPhone] = useState(defaultPhone);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const selected = choice && missing.includes(choice) ? choice : (missing[0] ?? null);

  const run = async (action: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const send = (method: MfaMethod) =>
    run(async () => {
      if (method === 'phone' && !phoneNumber.safeParse(phone).success) {
        setError(t('register.errors.phone'));
        return;
      }
      const answer = await mfaSetup({
        method,
        ...(method === 'phone' ? { phone_number: phone.trim() } : {}),
      });
      setEnrolment(answer);
      setCode('');
      setNotice(method === 'app' ? null : t('auth.mfa.sent'));
    });

  const confirm = (method: MfaMethod) =>
    run(async () => {
      if (!isMfaCode(code)) {
        setError(t('auth.mfa.codeInvalid'));
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
      setError(null);
      setNotice(t('mfa.copied'));
    } catch {
      setError(t('mfa.copyFailed'));
    }
  };

  const cancel = () => {
    setEnrolment(null);
    setCode('');
    setError(null);
    setNotice(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (enrolment) void confirm(enrolment.method);
    else if (selected) void send(selected);
  };

  if (!selected) return null;

  return (
    <form className="mfa-setup" onSubmit={onSubmit} noValidate>
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
                    setError(null);
                  }}
                />
                <IonIcon icon={MFA_METHOD_ICONS[method]} aria-hidden="true" />
                {t(`mfa.methods.${method}`)}
              </label>
            ))}
          </div>
          <p className="form-note">{t(`mfa.explain.${selected}`)}</p>
          {selected === 'phone' && (
            <IonInput
              className="field"
              name="phone"
              type="tel"
              inputmode="tel"
              autocomplete="tel"
              label={t('register.fields.phone_number')}
              labelPlacement="floating"
              fill="outline"
              value={phone}
              onIonInput={(event) => setPhone(event.detail.value ?? '')}
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
      <FormError message={error} />
      <IonButton className="primary-action" expand="block" type="submit" disabled={busy}>
        {enrolment ? t('mfa.confirm') : selected === 'app' ? t('mfa.showQr') : t('auth.mfa.send')}
      </IonButton>
      {enrolment && (
        <div className="mfa-setup__secondary">
          {enrolment.method !== 'app' && (
            <IonButton fill="clear" disabled={busy} onClick={() => void send(enrolment.method)}>
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
