import { useEffect } from 'react';
import { IonSpinner } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { TransactionView } from '@evc/contract';
import { transactionDurationSeconds } from '@evc/domain';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { useFlowPath } from '../../lib/guest-paths.ts';
import { DebounceButton } from '../../ui/debounce-button/debounce-button.tsx';
import { FormError, PageView } from '../../ui/page-view/page-view.tsx';
import { TransactionSummary } from '../../ui/transaction-summary/transaction-summary.tsx';
import { readSessionId, sessionPath } from '../../lib/charging-session/charging-flow.ts';
import { useChargingSession } from '../../lib/charging-session/use-charging-session.ts';
import { useChargerCapabilities } from '../../lib/api/calls/get-charger-capabilities.ts';
import { useClearDefaultProfile } from './api/clear-default-profile.ts';
import { useSessionControl, type SessionControl } from './use-session-control.ts';
import { useNow } from './use-now.ts';
import { LiveFigures } from './live-figures.tsx';
import './charging.css';

/** What the live figures show larger, not repeated in the summary below them. */
const LIVE_FIGURES = ['duration', 'energy', 'power', 'cost'] as const;

/** The session with its duration counted to now between pushed updates (001 §4). */
function withLiveDuration(session: TransactionView, now: Date): TransactionView {
  const started = session.data.startdate;
  if (!started || session.data.finished) return session;
  const duration = transactionDurationSeconds({
    startedAt: new Date(started),
    endedAt: null,
    finished: false,
    now,
  });
  return { ...session, duration: Math.max(session.duration, duration) };
}

/**
 * A session the charger holds back (SuspendedEVSE, not the driver's pause): its default charging
 * profile, a schedule say. Where the charger does smart charging the driver may lift it
 * (cleardefault) and charge now; the live session shows Charging once the charger does.
 */
function HeldByCharger({ sessionId, canLift }: { sessionId: string; canLift: boolean }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const lift = useClearDefaultProfile();
  return (
    <div className="charging-held" data-testid="held-by-charger">
      <p className="form-note" role="status">
        {t(
          lift.isSuccess
            ? 'charging.progress.chargeNowSent'
            : canLift
              ? 'charging.progress.heldByCharger'
              : 'charging.progress.heldNoSmartCharging',
        )}
      </p>
      {canLift && !lift.isSuccess && (
        <DebounceButton
          expand="block"
          disabled={lift.isPending}
          onDebouncedClick={() => lift.mutate(sessionId)}
        >
          {t('charging.progress.chargeNow')}
        </DebounceButton>
      )}
      <FormError message={lift.error ? errorMessage(lift.error) : null} />
    </div>
  );
}

function Controls({ session }: { session: TransactionView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const { flowPath } = useFlowPath();
  const control = useSessionControl(session._id);
  const send = (action: SessionControl) =>
    control.mutate(action, {
      onSuccess: () => {
        if (action === 'stop') navigate(flowPath(sessionPath('charging-completed', session._id)));
      },
    });
  const paused = session.state === 'paused';
  // Pausing sets a charging profile: a charger without smart charging cannot (000 §7). While that
  // is not known (the charger could not be asked), the button stays and the charger answers.
  const capabilities = useChargerCapabilities(session.chargerid);
  const canPause = capabilities.data?.smartCharging !== false;
  // Paused without the driver: the charger's default profile holds it; Resume would not help.
  const heldByCharger = paused && !session.pausedByDriver;
  return (
    <div className="charging-controls">
      {control.error && <FormError message={errorMessage(control.error)} />}
      {/* Keyed apart: the resume button must not inherit the pause button's debounce period. */}
      {heldByCharger ? (
        <HeldByCharger sessionId={session._id} canLift={canPause} />
      ) : !paused && !canPause ? (
        <p className="form-note" data-testid="pause-unsupported">
          {t('charging.progress.pauseUnsupported')}
        </p>
      ) : paused ? (
        <DebounceButton
          key="resume"
          expand="block"
          disabled={control.isPending}
          onDebouncedClick={() => send('resume')}
        >
          {t('charging.progress.resume')}
        </DebounceButton>
      ) : (
        <DebounceButton
          key="pause"
          expand="block"
          fill="outline"
          disabled={control.isPending || session.state === 'pending'}
          onDebouncedClick={() => send('pause')}
        >
          {t('charging.progress.pause')}
        </DebounceButton>
      )}
      <DebounceButton
        expand="block"
        color="danger"
        disabled={control.isPending}
        onDebouncedClick={() => send('stop')}
      >
        {t('charging.progress.stop')}
      </DebounceButton>
    </div>
  );
}

/** spec 000 §2, §4: the charge as it happens — kWh, cost, power, duration and state, live. */
export function ChargingInProgressPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const { flowPath } = useFlowPath();
  const [search] = useSearchParams();
  const sessionQuery = useChargingSession(readSessionId(search));
  const session = sessionQuery.data;
  const finished = session?.state === 'finished' || session?.state === 'rejected';
  const now = useNow(1000, session !== undefined && !finished);

  useEffect(() => {
    if (session && finished)
      navigate(flowPath(sessionPath('charging-completed', session._id)), { replace: true });
  }, [navigate, session, finished, flowPath]);

  return (
    <PageView
      title={t('charging.progress.title')}
      subtitle={
        session
          ? t('charging.chargePoint', { name: session.chargerName, number: session.connectorid })
          : undefined
      }
    >
      {/* Issue 19: a poll that fails keeps the session on screen, with why it is not fresher. */}
      {sessionQuery.error && <FormError message={errorMessage(sessionQuery.error)} />}
      {!session ? (
        !sessionQuery.error && <IonSpinner name="crescent" color="primary" />
      ) : (
        <>
          <LiveFigures session={withLiveDuration(session, now)} />
          {session.connectorStatus === 'Offline' && (
            <p className="form-note" role="status" data-field="charger-offline">
              {t('charging.progress.chargerOffline')}
            </p>
          )}
          <TransactionSummary transaction={session} hide={LIVE_FIGURES} />
          <Controls session={session} />
        </>
      )}
    </PageView>
  );
}
