import type { ConsoleSession } from '@evc/contract';
import { useStaffSession } from '../lib/staff-session.tsx';
import { energy, money, when } from '../lib/format.ts';
import { ReasonAction } from './reason-action.tsx';

const paymentWording: Record<ConsoleSession['payment']['status'], string> = {
  none: 'No payment',
  held: 'Held',
  captured: 'Captured',
  released: 'Released',
  debited: 'Debited from balance',
  invoiced: 'Invoiced',
  failed: 'Failed',
  refunded: 'Refunded',
  'partly-refunded': 'Partly refunded',
};

/** One session: its cost breakdown, its payment, and what staff may do about it. */
export function SessionCard({
  session: charge,
  onChanged,
}: {
  session: ConsoleSession;
  onChanged: () => void;
}) {
  const staff = useStaffSession();
  const { currency, payment } = charge;
  const refundable = payment.captured - payment.refunded;
  const params = { sessionid: charge.id };
  return (
    <article className="card session" aria-label={`Session ${charge.id}`}>
      <header className="row spread">
        <h3>
          {charge.live ? <span className="badge live">Live</span> : null} {charge.chargerId} ·
          connector {charge.connectorId}
        </h3>
        <span className="muted">{charge.state}</span>
      </header>
      <dl className="facts">
        <dt>Started</dt>
        <dd>{when(charge.startedAt)}</dd>
        <dt>Stopped</dt>
        <dd>{charge.live ? 'Still charging' : when(charge.stoppedAt)}</dd>
        <dt>Energy</dt>
        <dd>{energy(charge.energyWh)}</dd>
        <dt>Cost</dt>
        <dd>
          <strong>{money(charge.costTotal, currency)}</strong>
          <span className="muted">
            {' '}
            (energy {money(charge.costParts.energy, currency)}, connection{' '}
            {money(charge.costParts.connection, currency)}, time{' '}
            {money(charge.costParts.periods, currency)}, overstay{' '}
            {money(charge.costParts.overstay, currency)})
          </span>
        </dd>
        <dt>Payment</dt>
        <dd>
          <span className={`badge pay-${payment.status}`}>{paymentWording[payment.status]}</span>{' '}
          {payment.source} · held {money(payment.held, currency)} · captured{' '}
          {money(payment.captured, currency)} · refunded {money(payment.refunded, currency)}
        </dd>
        <dt>Receipt</dt>
        <dd>{charge.receiptSentAt ? `sent ${when(charge.receiptSentAt)}` : 'not sent'}</dd>
      </dl>
      <div className="actions">
        {charge.live && (
          <ReasonAction
            label="Stop session"
            onSubmit={async (reason) => {
              await staff.call('consoleStopSession', { params, body: { reason } });
              onChanged();
              return 'Stop sent to the charger.';
            }}
          />
        )}
        <ReasonAction
          label={`Unlock connector ${charge.connectorId}`}
          onSubmit={async (reason) => {
            await staff.call('consoleUnlockConnector', {
              params: { chargerid: charge.chargerId },
              body: { connectorid: charge.connectorId, reason },
            });
            return 'Unlock sent to the charger.';
          }}
        />
        {!charge.live && (
          <ReasonAction
            label="Resend receipt"
            onSubmit={async (reason) => {
              await staff.call('consoleResendReceipt', { params, body: { reason } });
              onChanged();
              return 'Receipt sent again.';
            }}
          />
        )}
        {refundable > 0 && (
          <ReasonAction
            label="Refund"
            amount={{
              currency,
              optional: true,
              maxMinor: refundable,
              hint: `up to ${money(refundable, currency)}`,
            }}
            onSubmit={async (reason, amount) => {
              const refund = await staff.call('consoleRefund', {
                params,
                body: amount === undefined ? { reason } : { amount, reason },
              });
              onChanged();
              return `Refunded ${money(refund.amount, refund.currency)}.`;
            }}
          />
        )}
      </div>
    </article>
  );
}
