import { useState, type FormEvent } from 'react';
import {
  IonButton,
  IonIcon,
  IonItem,
  IonLabel,
  IonList,
  IonRadio,
  IonRadioGroup,
} from '@ionic/react';
import { mailOutline, phonePortraitOutline, qrCodeOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { FormError } from '../page-view/page-view.tsx';
import type { MfaMethod, MfaOption, SignedInUser } from '@evc/contract';
import { isMfaCode } from '@evc/domain';
import { ApiError } from '../../lib/api/api-error.ts';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { useMfaFailure } from '../../lib/api/mfa-failure.ts';
import { getUuid } from '../../lib/session/session-store.ts';
import { MfaCodeInput } from '../mfa-code-input/mfa-code-input.tsx';
import { DebounceButton } from '../debounce-button/debounce-button.tsx';
import { mfaRequestToken } from '../../lib/api/calls/mfa-request-token.ts';
import { mfaVerify } from '../../lib/api/calls/mfa-verify.ts';
import { useSingleFlight } from '../../lib/use-single-flight.ts';

const METHOD_ICONS: Record<MfaMethod, string> = {
  email: mailOutline,
  phone: phonePortraitOutline,
  app: qrCodeOutline,
};

export interface MfaChallengeProps {
  credentials: { name: string; password: string };
  options: MfaOption[];
  onVerified: (user: SignedInUser) => Promise<void>;
  onCancel: () => void;
}

/**
 * spec 000 §4: the sign-in's multi-factor step — choose a method, have a code sent (the
 * authenticator app needs none), enter the 6-digit code.
 */
export function MfaChallenge({ credentials, options, onVerified, onCancel }: MfaChallengeProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const mfaFailure = useMfaFailure();
  const initial = options.find((option) => option.isDefault) ?? options[0];
  const [method, setMethod] = useState<MfaMethod | undefined>(initial?.method);
  const [codeSentTo, setCodeSentTo] = useState<MfaMethod | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const needsSending = method !== 'app';
  const readyForCode = method === 'app' || codeSentTo === method;

  const send = useSingleFlight(async () => {
    if (!method) return;
    setError(null);
    try {
      await mfaRequestToken({ ...credentials, method, uuid: await getUuid() });
      setCodeSentTo(method);
      setCode('');
    } catch (failure) {
      // spec 001 §8: "send or resend code failed", then why.
      setError(mfaFailure(codeSentTo === method ? 'resend' : 'send', failure));
    }
  });

  const verify = useSingleFlight(async () => {
    if (!method) return;
    if (!isMfaCode(code)) {
      setError(t('auth.mfa.codeInvalid'));
      return;
    }
    setError(null);
    try {
      const answer = await mfaVerify({
        ...credentials,
        method,
        mfaToken: code,
        uuid: await getUuid(),
      });
      await onVerified(answer.user);
    } catch (failure) {
      // A wrong code is the spec's own message (000 §8); anything else "Failed to authenticate".
      const wrongCode = failure instanceof ApiError && failure.code === 'MFA_CODE_INVALID';
      setError(wrongCode ? errorMessage(failure) : mfaFailure('authenticate', failure));
    }
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (readyForCode) verify.run();
    else send.run();
  };

  const chooseMethod = (next: MfaMethod) => {
    setMethod(next);
    setError(null);
    setCode('');
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <IonRadioGroup
        value={method}
        onIonChange={(event) => chooseMethod(event.detail.value as MfaMethod)}
      >
        <IonList lines="full" className="mfa-methods" aria-label={t('auth.mfa.chooseMethod')}>
          {options.map((option) => (
            <IonItem key={option.method}>
              <IonIcon
                slot="start"
                icon={METHOD_ICONS[option.method]}
                color="primary"
                aria-hidden="true"
              />
              <IonRadio value={option.method} justify="space-between">
                <IonLabel>
                  <h3>{t(`auth.mfa.methods.${option.method}`)}</h3>
                  <p>{option.hint}</p>
                </IonLabel>
              </IonRadio>
            </IonItem>
          ))}
        </IonList>
      </IonRadioGroup>
      {method === 'app' && <p className="form-note">{t('auth.mfa.appHint')}</p>}
      {codeSentTo === method && needsSending && (
        <p className="form-note" role="status">
          {t('auth.mfa.sent')}
        </p>
      )}
      {readyForCode && <MfaCodeInput value={code} onChange={setCode} />}
      <FormError message={error} />
      {readyForCode ? (
        <DebounceButton
          className="primary-action"
          expand="block"
          type="submit"
          disabled={verify.busy}
          onDebouncedClick={verify.run}
        >
          {t('auth.mfa.verify')}
        </DebounceButton>
      ) : (
        <DebounceButton
          className="primary-action"
          expand="block"
          type="submit"
          disabled={send.busy || !method}
          onDebouncedClick={send.run}
        >
          {t('auth.mfa.send')}
        </DebounceButton>
      )}
      <div className="links">
        {readyForCode && needsSending && (
          <IonButton fill="clear" size="small" disabled={send.busy} onClick={send.run}>
            {t('auth.mfa.resend')}
          </IonButton>
        )}
        <IonButton fill="clear" size="small" color="medium" onClick={onCancel}>
          {t('auth.mfa.back')}
        </IonButton>
      </div>
    </form>
  );
}
