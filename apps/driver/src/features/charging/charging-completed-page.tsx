import { useState } from 'react';
import { IonButton, IonIcon, IonInput, IonSpinner } from '@ionic/react';
import { personAddOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { TransactionView } from '@evc/contract';
import { formatMoney, hasOverstayFees } from '@evc/domain';
import { ApiError } from '../../lib/api/api-error.ts';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { useFlowPath } from '../../lib/guest-paths.ts';
import { useSession, type Guest } from '../../lib/session/session-store.ts';
import { GuestCode } from '../../ui/guest-bar/guest-code.tsx';
import { breakdownSession } from '../../ui/cost-breakdown/breakdown-session.ts';
import { CostBreakdown } from '../../ui/cost-breakdown/cost-breakdown.tsx';
import { DebounceButton } from '../../ui/debounce-button/debounce-button.tsx';
import { FormError, PageView } from '../../ui/page-view/page-view.tsx';
import { TransactionSummary } from '../../ui/transaction-summary/transaction-summary.tsx';
import { useSendGuestReceipt, useSendReceipt } from '../../lib/api/calls/send-receipt.ts';
import { isSessionNotFound } from '../../lib/api/calls/get-transaction-by-id.ts';
import { readSessionId } from '../../lib/charging-session/charging-flow.ts';
import { useChargingSession } from '../../lib/charging-session/use-charging-session.ts';
import { useUnlockConnector } from './api/unlock-charger-connector.ts';
import { useUnlockCheck } from './api/unlock-check.ts';
import { NoChargeToShow } from './no-charge-to-show.tsx';
import './charging.css';
import { useFormatLocale } from '../../lib/dates.ts';

/** What the driver paid: the hold placed and what was finally taken from it. */
function PaymentRows({ session }: { session: TransactionView }) {
  const { t } = useTranslation();
  const locale = useFormatLocale();
  const { currency } = session.data.cost.applied_cost;
  const money = (minor: number) =>
    formatMoney(minor, { code: currency.code, decimal_digits: currency.decimal_digits }, locale);
  const { held, captured, status } = session.payment;
  return (
    <dl className="payment-rows">
      <div data-field="paidWith">
        <dt>{t('charging.completed.paidWith')}</dt>
        <dd>{t(`charging.methods.${session.source}`)}</dd>
      </div>
      {held > 0 && (
        <div data-field="held">
          <dt>{t('charging.completed.held')}</dt>
          <dd>{money(held)}</dd>
        </div>
      )}
      {captured !== null && (
        <div data-field="captured">
          <dt>{t('charging.completed.captured')}</dt>
          <dd>{money(captured)}</dd>
        </div>
      )}
      <div data-field="paymentStatus">
        <dt>{t('charging.completed.paymentStatus')}</dt>
        <dd>{t(`charging.completed.status.${status}`)}</dd>
      </div>
    </dl>
  );
}

const isConnectorNoLongerMine = (error: unknown): boolean =>
  isSessionNotFound(error) || (error instanceof ApiError && error.code === 'CONNECTOR_BUSY');

/** Cable release: ask the charger to unlock, then wait for it to report the cable out. */
function CableRelease({ session }: { session: TransactionView }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const { user, guest } = useSession();
  const connector = { chargerid: session.chargerid, connectorid: session.connectorid };
  const unlock = useUnlockConnector();
  const unlocked = unlock.data?.status === 'Unlocked';
  const check = useUnlockCheck(connector, user?._id ?? guest?.HRCode ?? '', unlocked);
  // Before an unlock, only Available says the cable is out (an offline charger says nothing).
  const released = check.data?.released === true && (unlocked || check.data.status === 'Available');
  // Another driver's session on the connector since: this cable is no longer in it.
  if (!unlock.data && isConnectorNoLongerMine(check.error)) return null;
  return (
    <section className="cable-release" aria-label={t('charging.completed.cable')}>
      <p className="section-label">{t('charging.completed.cable')}</p>
      {released ? (
        <p className="form-note" role="status">
          {t('charging.completed.released')}
        </p>
      ) : unlocked ? (
        <p className="form-note" role="status">
          <IonSpinner name="dots" color="primary" /> {t('charging.completed.unplug')}
        </p>
      ) : (
        <>
          {unlock.data && (
            <p className="form-error" role="alert">
              {t(`charging.completed.unlock.${unlock.data.status}`)}
            </p>
          )}
          <FormError message={unlock.error ? errorMessage(unlock.error) : null} />
          <DebounceButton
            expand="block"
            fill="outline"
            disabled={unlock.isPending}
            onDebouncedClick={() => unlock.mutate(connector)}
          >
            {t('charging.completed.release')}
          </DebounceButton>
        </>
      )}
    </section>
  );
}

function Receipt({ session }: { session: TransactionView }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const { user } = useSession();
  const receipt = useSendReceipt();
  return (
    <>
      {receipt.isSuccess ? (
        <p className="form-note" role="status">
          {t('charging.completed.receiptSent', { email: user?.email ?? '' })}
        </p>
      ) : (
        <DebounceButton
          expand="block"
          fill="outline"
          disabled={receipt.isPending}
          onDebouncedClick={() => receipt.mutate(session._id)}
        >
          {t('charging.completed.emailReceipt')}
        </DebounceButton>
      )}
      <FormError message={receipt.error ? errorMessage(receipt.error) : null} />
    </>
  );
}

/** Issue 15: a guest has no account address, so the guest says where the receipt goes. */
function GuestReceipt({ session }: { session: TransactionView }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const receipt = useSendGuestReceipt();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const send = () => {
    const address = email.trim();
    // The server checks the address properly; this only catches an obvious slip before sending.
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    receipt.mutate({ sessionId: session._id, email: address });
  };
  if (receipt.isSuccess) {
    return (
      <p className="form-note" role="status">
        {t('charging.completed.receiptSent', { email: receipt.variables.email })}
      </p>
    );
  }
  return (
    <form
      className="guest-receipt"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <IonInput
        className={invalid ? 'field ion-invalid ion-touched' : 'field'}
        fill="outline"
        type="email"
        inputmode="email"
        autocomplete="email"
        label={t('charging.completed.guestEmail')}
        labelPlacement="floating"
        helperText={t('charging.completed.guestEmailHelp')}
        errorText={t('charging.completed.guestEmailInvalid')}
        value={email}
        onIonInput={(event) => setEmail(event.detail.value ?? '')}
      />
      <IonButton type="submit" expand="block" fill="outline" disabled={receipt.isPending}>
        {t('charging.completed.emailReceipt')}
      </IonButton>
      <FormError message={receipt.error ? errorMessage(receipt.error) : null} />
    </form>
  );
}

/** Issue 15: the guest's code to keep, and the way to an account that takes these charges along. */
function GuestAfterCharge({ guest }: { guest: Guest }) {
  const { t } = useTranslation();
  return (
    <section className="guest-after" aria-label={t('charging.completed.guestCodeTitle')}>
      <p className="section-label">{t('charging.completed.guestCodeTitle')}</p>
      <GuestCode code={guest.HRCode} hint />
      <IonButton expand="block" fill="clear" routerLink="/register">
        <IonIcon slot="start" icon={personAddOutline} aria-hidden="true" />
        {t('charging.completed.createAccount')}
      </IonButton>
    </section>
  );
}

/** spec 000 §2, 001 §2: the finished charge — summary, cost breakdown, cable release, receipt. */
export function ChargingCompletedPage() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const [search] = useSearchParams();
  const { user, guest } = useSession();
  const { flowPath } = useFlowPath();
  const asGuest = !user && guest !== null;
  const sessionId = readSessionId(search);
  const sessionQuery = useChargingSession(sessionId);
  const session = sessionQuery.data;
  const noCharge = !session && (sessionId === '' || isSessionNotFound(sessionQuery.error));
  const finished = session?.data.finished === true;
  // Stopped with the cable in at a tariff with overstay fees: the cost grows until the unplug.
  const overstaying =
    finished &&
    hasOverstayFees(session.data.tariff) &&
    (session.payment.status === 'held' || session.payment.status === 'none');
  return (
    <PageView
      title={
        noCharge
          ? t('charging.completed.noChargeTitle')
          : finished || !session
            ? t('charging.completed.title')
            : t('charging.completed.finishing')
      }
      subtitle={
        session
          ? t('charging.chargePoint', { name: session.chargerName, number: session.connectorid })
          : undefined
      }
    >
      {noCharge ? (
        <NoChargeToShow />
      ) : sessionQuery.error ? (
        <FormError message={errorMessage(sessionQuery.error)} />
      ) : !session ? (
        <IonSpinner name="crescent" color="primary" />
      ) : (
        <>
          {!finished && (
            <p className="form-note" role="status">
              <IonSpinner name="dots" color="primary" /> {t('charging.completed.waiting')}
            </p>
          )}
          <TransactionSummary transaction={session}>
            {finished && <PaymentRows session={session} />}
          </TransactionSummary>
          <CostBreakdown
            entries={session.breakdown}
            symbol={session.data.cost.applied_cost.currency.symbol}
            session={breakdownSession({
              startdate: session.data.startdate,
              enddate: session.data.enddate,
              parts: session.data.cost.parts,
              currency: session.data.cost.applied_cost.currency,
              duration: session.duration,
            })}
          />
          {session.endReason === 'charger-offline' && (
            <p className="form-note" role="status" data-field="end-reason">
              {t('charging.completed.endedOffline')}
            </p>
          )}
          {overstaying && (
            <p className="form-note" role="status" data-field="overstay">
              {t('charging.completed.overstay')}
            </p>
          )}
          {finished && (
            <>
              <CableRelease session={session} />
              {asGuest ? <GuestReceipt session={session} /> : <Receipt session={session} />}
            </>
          )}
          {asGuest && <GuestAfterCharge guest={guest} />}
          <IonButton className="primary-action" expand="block" routerLink={flowPath('/home')}>
            {t('charging.completed.done')}
          </IonButton>
        </>
      )}
    </PageView>
  );
}
