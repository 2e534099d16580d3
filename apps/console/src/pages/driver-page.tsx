import { Link, useParams } from 'react-router-dom';
import type { DriverOverview } from '@evc/contract';
import { FormError } from '../components/form-error.tsx';
import { AuditTable } from '../components/audit-table.tsx';
import { MasqueradePanel } from '../components/masquerade-panel.tsx';
import { ReasonAction } from '../components/reason-action.tsx';
import { SessionCard } from '../components/session-card.tsx';
import { money, when } from '../lib/format.ts';
import { useStaffSession } from '../lib/staff-session.tsx';
import { useLoad } from '../lib/use-load.ts';

/** A driver's or guest's account as support sees it, and what support can do about it. */
export function DriverPage() {
  const { driverId = '' } = useParams();
  const staff = useStaffSession();
  const overview = useLoad(
    () => staff.call('consoleDriverOverview', { params: { driverid: driverId } }),
    `overview:${driverId}`,
  );
  const audit = useLoad(
    () => staff.call('consoleAudit', { query: { target: driverId, limit: 50 } }),
    `audit:${driverId}`,
  );
  const refresh = () => {
    overview.reload();
    audit.reload();
  };

  if (!overview.data) {
    return overview.error ? <FormError error={overview.error} /> : <p>Loading…</p>;
  }
  const { driver } = overview.data;
  return (
    <div className="stack">
      <header className="card">
        <h1>{driver.name || driver.code}</h1>
        <p>
          {driver.kind === 'guest' ? 'Guest' : 'Driver'} · {driver.email ?? 'no e-mail'} ·{' '}
          {driver.phone ?? 'no phone'} · {driver.kind === 'guest' ? 'guest code' : 'HRCode'}{' '}
          <code>{driver.code}</code> · since {when(driver.createdAt)}
        </p>
        <Link to={`/helpline?kind=${driver.kind}&subject=${encodeURIComponent(driver.id)}`}>
          Record a helpline contact
        </Link>
      </header>
      <FormError error={overview.error} />
      <div className="columns">
        <div className="stack">
          <Sessions overview={overview.data} onChanged={refresh} />
        </div>
        <div className="stack">
          {overview.data.balance && (
            <Balance overview={overview.data} driverId={driverId} onChanged={refresh} />
          )}
          <AccountLists overview={overview.data} />
          <MasqueradePanel driverId={driverId} kind={driver.kind} code={driver.code} />
        </div>
      </div>
      <section className="card stack">
        <h2>Audit log for this {driver.kind === 'guest' ? 'guest' : 'driver'}</h2>
        <FormError error={audit.error} />
        {audit.data && <AuditTable entries={audit.data.entries} />}
      </section>
    </div>
  );
}

function Sessions({ overview, onChanged }: { overview: DriverOverview; onChanged: () => void }) {
  const live = overview.sessions.filter((session) => session.live);
  const past = overview.sessions.filter((session) => !session.live);
  return (
    <>
      <section className="stack">
        <h2>Live sessions</h2>
        {live.length === 0 && <p className="muted">None.</p>}
        {live.map((session) => (
          <SessionCard key={session.id} session={session} onChanged={onChanged} />
        ))}
      </section>
      <section className="stack">
        <h2>Past sessions</h2>
        {past.length === 0 && <p className="muted">None.</p>}
        {past.map((session) => (
          <SessionCard key={session.id} session={session} onChanged={onChanged} />
        ))}
      </section>
    </>
  );
}

function Balance({
  overview,
  driverId,
  onChanged,
}: {
  overview: DriverOverview;
  driverId: string;
  onChanged: () => void;
}) {
  const staff = useStaffSession();
  const balance = overview.balance;
  if (!balance) return null;
  return (
    <section className="card stack" aria-label="Balance">
      <h2>Balance</h2>
      <p className="balance">{money(balance.creditMinor, balance.currency)}</p>
      <ReasonAction
        label="Credit the balance"
        amount={{ currency: balance.currency }}
        onSubmit={async (reason, amount) => {
          const answer = await staff.call('consoleCreditBalance', {
            params: { driverid: driverId },
            body: { amount: amount ?? 0, reason },
          });
          onChanged();
          return `Balance is now ${money(answer.creditMinor, answer.currency)}.`;
        }}
      />
      <h3>Movements</h3>
      {balance.movements.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <ul className="plain">
          {balance.movements.map((movement, index) => (
            <li key={`${movement.at}-${index}`} className="row spread">
              <span>
                {when(movement.at)} · {movement.reference}
              </span>
              <span>{money(movement.creditMinor, balance.currency)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function AccountLists({ overview }: { overview: DriverOverview }) {
  return (
    <section className="card stack">
      <h2>Cards</h2>
      <List
        items={overview.cards.map(
          (card) =>
            `${card.brand} •••• ${card.last4} (${card.source})${card.isDefault ? ' · default' : ''}`,
        )}
      />
      <h2>RFID cards</h2>
      <List
        items={overview.rfidCards.map(
          (card) => `${card.cardnumber} · ${card.name} · linked ${when(card.linkedAt)}`,
        )}
      />
      <h2>Groups</h2>
      <List
        items={overview.groups.map((group) => `${group.name} · since ${when(group.joinedAt)}`)}
      />
      <h2>E-mails sent</h2>
      <List
        items={overview.emails.map((mail) => `${when(mail.at)} · ${mail.subject} (${mail.kind})`)}
      />
    </section>
  );
}

function List({ items }: { items: string[] }) {
  if (items.length === 0) return <p className="muted">None.</p>;
  return (
    <ul className="plain">
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}
