import { IonIcon } from '@ionic/react';
import { chevronForwardOutline, flashOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import type { TransactionView } from '@evc/contract';
import { formatMoney } from '@evc/domain';
import { sessionPath } from '../../lib/charging-session/charging-flow.ts';
import { useLatestChargingSession } from '../../lib/charging-session/use-latest-charging-session.ts';
import { useFormatLocale } from '../../lib/dates.ts';
import { guestPath } from '../../lib/guest-paths.ts';
import { powerText } from '../../lib/power-text.ts';
import './session-bar.css';

/** The pages that show the running session themselves: no bar there. */
const SESSION_PAGES = ['start-charging', 'charging-in-progress'] as const;

/** The page a running session opens on: plug-in while it waits for the cable, else in progress. */
function sessionPage(session: TransactionView): (typeof SESSION_PAGES)[number] {
  return session.state === 'pending' ? 'start-charging' : 'charging-in-progress';
}

/** What the state reads as: a pause the driver did not ask for is the vehicle's. */
function stateKey(session: TransactionView): string {
  if (session.state === 'paused' && !session.pausedByDriver) return 'pausedByVehicle';
  return session.state;
}

/**
 * Issue 19: while a session runs, every page (but the session's own) shows a bar with its state,
 * cost so far and power — "Charging · £0.42 · 11 kW" — that opens the session.
 */
export function SessionBar({ guest }: { guest: boolean }) {
  const { t } = useTranslation();
  const locale = useFormatLocale();
  const { pathname } = useLocation();
  const session = useLatestChargingSession().data;
  const onSessionPage = SESSION_PAGES.some((page) => pathname.endsWith(`/${page}`));
  if (!session || session.data.finished || session.state === 'rejected' || onSessionPage) {
    return null;
  }
  const { currency, total } = session.data.cost.applied_cost;
  const parts = [
    t(`transactionSummary.states.${stateKey(session)}`),
    formatMoney(total, { code: currency.code, decimal_digits: currency.decimal_digits }, locale),
  ];
  // The last sample's power means nothing once paused (the next sample reads 0).
  if (session.state === 'charging' && session.powerW !== null) {
    parts.push(powerText(session.powerW, locale));
  }
  const path = sessionPath(sessionPage(session), session._id);
  return (
    <Link
      className="session-bar"
      to={guest ? guestPath(path) : path}
      aria-label={`${t('sessionBar.open', { name: session.chargerName })}: ${parts.join(', ')}`}
    >
      <IonIcon icon={flashOutline} aria-hidden="true" className="session-bar__icon" />
      <span className="session-bar__text">{parts.join(' · ')}</span>
      <IonIcon icon={chevronForwardOutline} aria-hidden="true" className="session-bar__open" />
    </Link>
  );
}
