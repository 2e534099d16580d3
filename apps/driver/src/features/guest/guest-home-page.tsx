import { useEffect, useRef, useState } from 'react';
import { IonButton, IonIcon, IonInput, IonSpinner } from '@ionic/react';
import { logInOutline, mapOutline, personAddOutline, qrCodeOutline } from 'ionicons/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { guestCode } from '@evc/contract';
import { isChargerBarcode } from '@evc/domain';
import { ApiError } from '../../lib/api/api-error.ts';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { guestPath } from '../../lib/guest-paths.ts';
import { ensureGuest, resumeGuest } from '../../lib/session/guest-session.ts';
import { useSession } from '../../lib/session/session-store.ts';
import { ChargerEntry } from '../../ui/charger-entry/charger-entry.tsx';
import { OngoingCharge } from '../../ui/ongoing-charge/ongoing-charge.tsx';
import { FormError, PageView } from '../../ui/page-view/page-view.tsx';
import './guest.css';

/** 'g-abcd…' typed or pasted as it was read out: upper case, no spaces, the dash put back. */
export function readGuestCode(typed: string): string | null {
  const compact = typed.toUpperCase().replace(/[\s-]/g, '');
  const code = compact.startsWith('G') ? `G-${compact.slice(1)}` : `G-${compact}`;
  return guestCode.safeParse(code).success ? code : null;
}

/** Back with a guest code from before (another device, or after logging out). */
function ExistingCode() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [resumed, setResumed] = useState<string | null>(null);

  const submit = async () => {
    const code = readGuestCode(typed);
    if (!code) {
      setProblem(t('guest.existing.invalid'));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await resumeGuest(code);
      // What was read for the guest before (its ongoing charge, its cards) is another guest's.
      await queryClient.resetQueries();
      setResumed(code);
      setTyped('');
    } catch (error) {
      setProblem(
        error instanceof ApiError && error.status === 404
          ? t('guest.existing.unknown')
          : errorMessage(error),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="guest-existing"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p className="section-label">{t('guest.existing.title')}</p>
      <IonInput
        className="field"
        fill="outline"
        label={t('guest.existing.label')}
        labelPlacement="floating"
        placeholder="G-XXXXXXXXXX"
        autocapitalize="characters"
        autocomplete="off"
        value={typed}
        onIonInput={(event) => setTyped(event.detail.value ?? '')}
      />
      <FormError message={problem} />
      {resumed && (
        <p className="form-note" role="status">
          {t('guest.existing.resumed', { code: resumed })}
        </p>
      )}
      <IonButton type="submit" expand="block" fill="outline" disabled={busy || typed.trim() === ''}>
        {t('guest.existing.submit')}
      </IonButton>
    </form>
  );
}

/**
 * spec 000 §2, §4 and issue 15: where a driver without an account starts. The guest (a guest code
 * and this device's tokens) is made on arrival when there is none; `?barcode=` (a charger's QR
 * code) leads straight on to that charger. A signed-in user goes to the driver's own pages.
 */
export function GuestHomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const [search] = useSearchParams();
  const { status, user, guest } = useSession();
  const [failure, setFailure] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const started = useRef(-1);
  const barcode = search.get('barcode');
  const charger = barcode !== null && isChargerBarcode(barcode) ? barcode : null;

  useEffect(() => {
    if (status === 'loading') return;
    if (user) {
      navigate(charger ? `/charger-details?barcode=${charger}` : '/home', { replace: true });
      return;
    }
    if (started.current === attempt) return;
    started.current = attempt;
    void ensureGuest().then(
      (made) => {
        if (made && charger) {
          navigate(guestPath(`/charger-details?barcode=${charger}`), { replace: true });
        }
      },
      (error: unknown) => setFailure(error),
    );
  }, [status, user, charger, navigate, attempt]);

  const retry = () => {
    setFailure(null);
    setAttempt((count) => count + 1);
  };

  return (
    <PageView title={t('guest.home.title')} subtitle={t('guest.home.subtitle')}>
      <div className="guest-home">
        {failure !== null ? (
          <div className="form-error" role="alert">
            <p>{errorMessage(failure)}</p>
            <IonButton size="small" fill="outline" onClick={retry}>
              {t('common.retry')}
            </IonButton>
          </div>
        ) : !guest || charger ? (
          <p className="form-note" role="status">
            <IonSpinner name="dots" color="primary" /> {t('guest.home.starting')}
          </p>
        ) : (
          <>
            <OngoingCharge />
            <ChargerEntry />
            <IonButton
              className="guest-home__action"
              expand="block"
              fill="outline"
              routerLink={guestPath('/barcode-scanner')}
            >
              <IonIcon slot="start" icon={qrCodeOutline} aria-hidden="true" />
              {t('guest.home.scan')}
            </IonButton>
            <IonButton
              className="guest-home__action"
              expand="block"
              fill="outline"
              routerLink={guestPath('/findcharger')}
            >
              <IonIcon slot="start" icon={mapOutline} aria-hidden="true" />
              {t('guest.home.find')}
            </IonButton>
            <ExistingCode />
          </>
        )}
        <p className="section-label">{t('guest.home.account')}</p>
        <div className="guest-home__account">
          <IonButton fill="clear" routerLink="/login">
            <IonIcon slot="start" icon={logInOutline} aria-hidden="true" />
            {t('guest.home.login')}
          </IonButton>
          <IonButton fill="clear" routerLink="/register">
            <IonIcon slot="start" icon={personAddOutline} aria-hidden="true" />
            {t('guest.home.register')}
          </IonButton>
        </div>
      </div>
    </PageView>
  );
}
