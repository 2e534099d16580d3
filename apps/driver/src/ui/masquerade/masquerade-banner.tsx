import { useEffect, useRef } from 'react';
import { IonButton, IonIcon } from '@ionic/react';
import { eyeOutline, timeOutline } from 'ionicons/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { masqueradeConfirmationDue } from '@evc/domain';
import { GUEST_HOME } from '../../lib/guest-paths.ts';
import { confirmMasquerade, useMasquerade } from '../../lib/masquerade/masquerade-state.ts';
import { forgetLastLoaded } from '../../lib/session/forget-last-loaded.ts';
import { useSession } from '../../lib/session/session-store.ts';
import { ModalContainer } from '../modal-container/modal-container.tsx';
import './masquerade.css';

/** An HRCode or guest code, kept whole on one line. */
const codeTag = { code: <span className="masquerade-code" /> };

/** Who the banner names: the driver by name and HRCode, or the guest by code. */
function Who() {
  const { t } = useTranslation();
  const { user, guest } = useSession();
  if (user) {
    const name = `${user.first_name} ${user.last_name}`.trim();
    return (
      <Trans
        i18nKey="masquerade.banner.user"
        values={{ name, code: user.HRCode }}
        components={codeTag}
      />
    );
  }
  if (guest?.HRCode) {
    return (
      <Trans
        i18nKey="masquerade.banner.guest"
        values={{ code: guest.HRCode }}
        components={codeTag}
      />
    );
  }
  return <>{t(guest ? 'masquerade.banner.guestNoCode' : 'masquerade.banner.nobody')}</>;
}

/**
 * spec 000 §2, §4 and issue 18: in support masquerade, a banner on every page naming the driver or
 * guest; the confirmation overlay (one confirm button) once when a user with an HRCode is loaded;
 * and, once the console's 30-minute token has run out, an overlay saying the session has ended.
 * A new session handed over by the console starts on its home page with nothing cached or kept.
 */
export function MasqueradeBanner() {
  const { t } = useTranslation();
  const masquerade = useMasquerade();
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const arrived = useRef(masquerade.session);

  useEffect(() => {
    if (masquerade.session === arrived.current) return;
    arrived.current = masquerade.session;
    queryClient.clear();
    // What the previous masquerade session kept (in this page's memory, lib/storage.ts) goes too.
    void forgetLastLoaded();
    navigate(masquerade.kind === 'guest' ? GUEST_HOME : '/home', { replace: true });
  }, [masquerade.session, masquerade.kind, navigate, queryClient]);

  if (!masquerade.on) return null;
  const confirmationDue = masqueradeConfirmationDue({
    masquerade: masquerade.on,
    confirmed: masquerade.confirmed,
    userHRCode: user?.HRCode ?? null,
  });
  const name = user ? `${user.first_name} ${user.last_name}`.trim() : '';

  return (
    <>
      <div className="masquerade-banner" role="status" data-testid="masquerade-banner">
        <IonIcon icon={eyeOutline} aria-hidden="true" />
        <span className="masquerade-banner__text">
          <Who />
        </span>
        {masquerade.ended && (
          <span className="masquerade-banner__ended">{t('masquerade.banner.ended')}</span>
        )}
      </div>
      {masquerade.ended ? (
        <ModalContainer
          isOpen
          role="alertdialog"
          className="masquerade-overlay"
          icon={timeOutline}
          title={t('masquerade.ended.title')}
        >
          <p>{t('masquerade.ended.message')}</p>
        </ModalContainer>
      ) : (
        confirmationDue &&
        user && (
          <ModalContainer
            isOpen
            role="alertdialog"
            className="masquerade-overlay"
            icon={eyeOutline}
            title={t('masquerade.confirm.title')}
            actions={
              <IonButton expand="block" onClick={confirmMasquerade}>
                {t('masquerade.confirm.button')}
              </IonButton>
            }
          >
            <p>
              <Trans
                i18nKey="masquerade.confirm.message"
                values={{ name, code: user.HRCode }}
                components={codeTag}
              />
            </p>
          </ModalContainer>
        )
      )}
    </>
  );
}
