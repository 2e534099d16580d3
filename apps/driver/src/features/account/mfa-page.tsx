import { useState } from 'react';
import { IonButton, IonIcon, IonSpinner, useIonAlert } from '@ionic/react';
import { shieldCheckmarkOutline } from 'ionicons/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { CallResponse, MfaMethod, MfaOption } from '@evc/contract';
import type { MfaOperation } from '@evc/domain';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { useMfaFailure } from '../../lib/api/mfa-failure.ts';
import { useAlert } from '../../lib/alerts.ts';
import { reloadUser, signIn, useSession } from '../../lib/session/session-store.ts';
import { FormError, PageView } from '../../ui/page-view/page-view.tsx';
import { mfaMethodsQuery, useMfaMethods } from './api/mfa-methods.ts';
import { mfaRemove } from './api/mfa-remove.ts';
import { mfaSetDefault } from './api/mfa-set-default.ts';
import { MFA_METHODS, MFA_METHOD_ICONS } from './mfa-methods.ts';
import { MfaSetupForm } from './mfa-setup-form.tsx';
import './account.css';

/**
 * spec 000 §4, 001 §4: the driver's second sign-in step — set up e-mail, text message or an
 * authenticator app, make one the default, remove one (the server then names another default).
 * When the account must have one and has none (docs/decisions/0001), this is the only page the
 * limited session can use; confirming the first method brings a full session.
 */
export function MfaPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [presentAlert] = useIonAlert();
  const { showAlert } = useAlert();
  const errorMessage = useErrorMessage();
  const mfaFailure = useMfaFailure();
  const { user } = useSession();
  const methods = useMfaMethods();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const configured = methods.data ?? [];
  const missing = MFA_METHODS.filter(
    (method) => !configured.some((option) => option.method === method),
  );
  const setupRequired = Boolean(user?.mfa.required) && configured.length === 0;

  const updateList = (next: MfaOption[]) =>
    queryClient.setQueryData(mfaMethodsQuery.queryKey, next);

  const change = async (operation: MfaOperation, call: () => Promise<MfaOption[]>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      updateList(await call());
      await reloadUser();
    } catch (failure) {
      setError(mfaFailure(operation, failure));
    } finally {
      setBusy(false);
    }
  };

  const confirmRemoval = (option: MfaOption) => {
    const method = t(`mfa.methods.${option.method}`);
    const others = configured.length > 1;
    void presentAlert({
      header: t('mfa.removeTitle', { method }),
      message:
        option.isDefault && others
          ? `${t('mfa.removeMessage', { method })} ${t('mfa.removeDefaultMessage')}`
          : t('mfa.removeMessage', { method }),
      buttons: [
        { text: t('common.cancel'), role: 'cancel' },
        {
          text: t('mfa.remove'),
          role: 'destructive',
          handler: () => {
            void change('remove', () => mfaRemove({ method: option.method }));
          },
        },
      ],
    });
  };

  const onConfirmed = async (method: MfaMethod, answer: CallResponse<'mfaSetupConfirm'>) => {
    updateList(answer.methods);
    // The first method of an enforced set-up answers a full session in place of the limited one.
    if (answer.user) await signIn(answer.user.tokenData);
    else await reloadUser();
    await showAlert({
      header: t('mfa.addedTitle'),
      message: t('mfa.addedMessage', { method: t(`mfa.methods.${method}`) }),
    });
    if (answer.user) navigate('/home', { replace: true });
  };

  return (
    <PageView title={t('mfa.title')} subtitle={t('mfa.subtitle')}>
      {setupRequired && (
        <p className="form-note mfa-required" role="status">
          <IonIcon icon={shieldCheckmarkOutline} color="primary" aria-hidden="true" />
          <span>{t('mfa.required')}</span>
        </p>
      )}
      {methods.isPending && (
        <div className="centered">
          <IonSpinner name="crescent" aria-label={t('common.loading')} />
        </div>
      )}
      {methods.isError && (
        <>
          <FormError message={errorMessage(methods.error)} />
          <IonButton fill="outline" onClick={() => void methods.refetch()}>
            {t('common.retry')}
          </IonButton>
        </>
      )}
      {methods.isSuccess && (
        <>
          <p className="section-label">{t('mfa.yourMethods')}</p>
          {configured.length === 0 ? (
            !setupRequired && <p className="form-note">{t('mfa.off')}</p>
          ) : (
            <>
              <ul className="mfa-list" aria-label={t('mfa.yourMethods')}>
                {configured.map((option) => (
                  <li key={option.method} className="mfa-method">
                    <IonIcon
                      className="mfa-method__icon"
                      icon={MFA_METHOD_ICONS[option.method]}
                      aria-hidden="true"
                    />
                    <div className="mfa-method__text">
                      <h3>
                        {t(`mfa.methods.${option.method}`)}
                        {option.isDefault && <span className="mfa-badge">{t('mfa.default')}</span>}
                      </h3>
                      <p>{option.hint}</p>
                    </div>
                    <div className="mfa-method__actions">
                      {!option.isDefault && (
                        <IonButton
                          size="small"
                          fill="outline"
                          disabled={busy}
                          onClick={() =>
                            void change('setDefault', () =>
                              mfaSetDefault({ method: option.method }),
                            )
                          }
                        >
                          {t('mfa.makeDefault')}
                        </IonButton>
                      )}
                      <IonButton
                        size="small"
                        fill="clear"
                        color="danger"
                        disabled={busy}
                        onClick={() => confirmRemoval(option)}
                      >
                        {t('mfa.remove')}
                      </IonButton>
                    </div>
                  </li>
                ))}
              </ul>
              {configured.length > 1 && <p className="mfa-hint">{t('mfa.defaultExplain')}</p>}
            </>
          )}
          <FormError message={error} />
          {missing.length > 0 && (
            <MfaSetupForm
              missing={missing}
              defaultPhone={user?.phone_number ?? ''}
              onConfirmed={onConfirmed}
            />
          )}
        </>
      )}
    </PageView>
  );
}
