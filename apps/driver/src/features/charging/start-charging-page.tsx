import { useEffect } from 'react';
import { IonButton, IonIcon, IonSpinner } from '@ionic/react';
import { flashOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { useFlowPath } from '../../lib/guest-paths.ts';
import { FormError, PageView } from '../../ui/page-view/page-view.tsx';
import {
  readSessionId,
  selectPaymentPath,
  sessionPath,
} from '../../lib/charging-session/charging-flow.ts';
import { useChargingSession } from '../../lib/charging-session/use-charging-session.ts';
import './charging.css';

/**
 * spec 000 §2, §4: plug in to start. Waits for the session to leave `pending` (pushed, or polled
 * while the stream is down); a rejected start says the hold was released and offers another go.
 */
export function StartChargingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const { flowPath } = useFlowPath();
  const [search] = useSearchParams();
  const sessionQuery = useChargingSession(readSessionId(search));
  const session = sessionQuery.data;
  const state = session?.state;

  useEffect(() => {
    if (!session) return;
    if (state === 'charging' || state === 'paused' || state === 'pausedByVehicle') {
      navigate(flowPath(sessionPath('charging-in-progress', session._id)), { replace: true });
    } else if (state === 'finished') {
      navigate(flowPath(sessionPath('charging-completed', session._id)), { replace: true });
    }
  }, [navigate, session, state, flowPath]);

  return (
    <PageView
      title={state === 'rejected' ? t('charging.start.rejectedTitle') : t('charging.start.title')}
      subtitle={
        session
          ? t('charging.chargePoint', { name: session.chargerName, number: session.connectorid })
          : undefined
      }
    >
      {sessionQuery.error ? (
        <FormError message={errorMessage(sessionQuery.error)} />
      ) : !session ? (
        <IonSpinner name="crescent" color="primary" />
      ) : state === 'rejected' ? (
        <div className="charging-rejected" role="alert">
          <p>{t('charging.start.rejected')}</p>
          {session.source !== 'CREDIT' && session.source !== 'FUELCARD' && (
            <p>{t('charging.start.holdReleased')}</p>
          )}
          <IonButton
            className="primary-action"
            expand="block"
            routerLink={flowPath(
              selectPaymentPath({ barcode: session.barcode, connector: session.connectorid }),
            )}
          >
            {t('charging.start.tryAgain')}
          </IonButton>
        </div>
      ) : (
        <div className="plug-in" role="status">
          <IonIcon icon={flashOutline} className="plug-in__icon" aria-hidden="true" />
          <p className="plug-in__title">{t('charging.start.plugIn')}</p>
          <p>{t('charging.start.explain')}</p>
          <p className="plug-in__waiting">
            <IonSpinner name="dots" color="primary" /> {t('charging.start.waiting')}
          </p>
        </div>
      )}
    </PageView>
  );
}
