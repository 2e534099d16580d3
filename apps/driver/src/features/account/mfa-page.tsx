import { useState, type FormEvent } from 'react';
import {
  IonButton,
  IonButtons,
  IonIcon,
  IonInput,
  IonItem,
  IonLabel,
  IonList,
  IonSpinner,
} from '@ionic/react';
import { mailOutline, phonePortraitOutline, qrCodeOutline } from 'ionicons/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { MfaMethod, MfaOption } from '@evc/contract';
import { isMfaCode } from '@evc/domain';
import { callApi } from '../../lib/api/client.ts';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { useAlert } from '../../lib/alerts.ts';
import { reloadUser, signIn, useSession } from '../../lib/session/session-store.ts';
import { MfaCodeInput } from '../../ui/mfa-code-input/mfa-code-input.tsx';
import { FormError, PageView } from '../../ui/page-view/page-view.tsx';
import './account.css';

const METHODS: MfaMethod[] = ['email', 'phone', 'app'];
const METHOD_ICONS: Record<MfaMethod, string> = {
  email: mailOutline,
  phone: phonePortraitOutline,
  app: qrCodeOutline,
};
const methodsKey = ['mfaMethods'] as const;

interface Enrolment {
  method: MfaMethod;
  qrDataUrl?: string;
  secret?: string;
}

/**
 * spec 000 §4, 001 §4: multi-factor methods — choose a method, send a code, enter the 6-digit
 * code; a method can be made default or removed (another then becomes default).
 */
export function MfaPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { showAlert } = useAlert();
  const errorMessage = useErrorMessage();
  const { user } = useSession();
  const methods = useQuery({
    queryKey: methodsKey,
    queryFn: () => callApi('mfaMethods', undefined),
  });
  const configured = methods.data ?? [];
  const missing = METHODS.filter(
    (method) => !configured.some((option) => option.method === method),
  );
  const [choice, setChoice] = useState<MfaMethod | null>(null);
  const [phone, setPhone] = useState(user?.phone_number ?? '');
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const selected = choice && missing.includes(choice) ? choice : (missing[0] ?? null);
  const setupRequired = Boolean(user?.mfa.required) && configured.length === 0;

  const run = async (action: () => Promise<void>) => {
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

  const updateList = (next: MfaOption[]) => queryClient.setQueryData(methodsKey, next);

  const start = () =>
    run(async () => {
      if (!selected) return;
      const answer = await callApi('mfaSetup', {
        method: selected,
        ...(selected === 'phone' ? { phone_number: phone } : {}),
      });
      setEnrolment({ method: answer.method, qrDataUrl: answer.qrDataUrl, secret: answer.secret });
      setCode('');
    });

  const confirm = () =>
    run(async () => {
      if (!enrolment) return;
      if (!isMfaCode(code)) {
        setError(t('auth.mfa.codeInvalid'));
        return;
      }
      const answer = await callApi('mfaSetupConfirm', { method: enrolment.method, code });
      updateList(answer.methods);
      setEnrolment(null);
      setCode('');
      if (answer.user) await signIn(answer.user.tokenData);
      else await reloadUser();
      await showAlert({
        header: t('mfa.addedTitle'),
        message: t('mfa.addedMessage', { method: t(`mfa.methods.${enrolment.method}`) }),
      });
      if (setupRequired) navigate('/home', { replace: true });
    });

  const makeDefault = (method: MfaMethod) =>
    run(async () => {
      updateList(await callApi('mfaSetDefault', { method }));
      await reloadUser();
    });

  const remove = (method: MfaMethod) =>
    run(async () => {
      updateList(await callApi('mfaRemove', { method }));
      await reloadUser();
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void (enrolment ? confirm() : start());
  };

  return (
    <PageView title={t('mfa.title')} subtitle={t('mfa.subtitle')}>
      {setupRequired && (
        <p className="form-note" role="status">
          {t('mfa.required')}
        </p>
      )}
      {methods.isPending ? (
        <IonSpinner name="crescent" />
      ) : (
        configured.length > 0 && (
          <IonList inset className="mfa-list" aria-label={t('mfa.yourMethods')}>
            {configured.map((option) => (
              <IonItem key={option.method}>
                <IonIcon slot="start" icon={METHOD_ICONS[option.method]} aria-hidden="true" />
                <IonLabel>
                  <h3>
                    {t(`mfa.methods.${option.method}`)}
                    {option.isDefault && <span className="mfa-badge">{t('mfa.default')}</span>}
                  </h3>
                  <p>{option.hint}</p>
                </IonLabel>
                <IonButtons slot="end">
                  {!option.isDefault && (
                    <IonButton
                      size="small"
                      disabled={busy}
                      onClick={() => void makeDefault(option.method)}
                    >
                      {t('mfa.makeDefault')}
                    </IonButton>
                  )}
                  <IonButton
                    size="small"
                    color="danger"
                    disabled={busy}
                    onClick={() => void remove(option.method)}
                  >
                    {t('mfa.remove')}
                  </IonButton>
                </IonButtons>
              </IonItem>
            ))}
          </IonList>
        )
      )}
      {missing.length > 0 && selected && (
        <form className="mfa-setup" onSubmit={onSubmit} noValidate>
          <p className="section-label">{t('mfa.add')}</p>
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
                      onChange={() => setChoice(method)}
                    />
                    <IonIcon icon={METHOD_ICONS[method]} aria-hidden="true" />
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
                  label={t('register.fields.phone_number')}
                  labelPlacement="floating"
                  fill="outline"
                  value={phone}
                  onIonInput={(event) => setPhone(event.detail.value ?? '')}
                />
              )}
            </>
          )}
          {enrolment && (
            <>
              {enrolment.method === 'app' ? (
                <>
                  <p>{t('mfa.scan')}</p>
                  {enrolment.qrDataUrl && (
                    <img className="mfa-qr" src={enrolment.qrDataUrl} alt={t('mfa.qrAlt')} />
                  )}
                  {enrolment.secret && <code className="mfa-secret">{enrolment.secret}</code>}
                </>
              ) : (
                <p className="form-note" role="status">
                  {t('auth.mfa.sent')}
                </p>
              )}
              <MfaCodeInput value={code} onChange={setCode} />
            </>
          )}
          <FormError message={error} />
          <IonButton className="primary-action" expand="block" type="submit" disabled={busy}>
            {enrolment
              ? t('mfa.confirm')
              : selected === 'app'
                ? t('mfa.showQr')
                : t('auth.mfa.send')}
          </IonButton>
          {enrolment && (
            <IonButton
              expand="block"
              fill="clear"
              color="medium"
              onClick={() => setEnrolment(null)}
            >
              {t('common.cancel')}
            </IonButton>
          )}
        </form>
      )}
      {missing.length === 0 && error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </PageView>
  );
}
