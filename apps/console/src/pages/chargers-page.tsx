import { FormError } from '../components/form-error.tsx';
import { when } from '../lib/format.ts';
import { useStaffSession } from '../lib/staff-session.tsx';
import { useLoad } from '../lib/use-load.ts';

const percent = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });
const hours = (ms: number) => `${percent.format(ms / 3_600_000)} h`;

/** Chargers' live status, last heartbeat and regulation-7 availability over the last 30 days. */
export function ChargersPage() {
  const staff = useStaffSession();
  const chargers = useLoad(() => staff.call('consoleChargers'), 'chargers');
  return (
    <section className="stack">
      <div className="row spread wrap">
        <h1>Chargers</h1>
        <button type="button" className="secondary" onClick={chargers.reload}>
          Refresh
        </button>
      </div>
      <FormError error={chargers.error} />
      {chargers.data ? (
        <>
          <p className="muted">
            Availability from {when(chargers.data.from)} to {when(chargers.data.to)} (UK regulation
            7: Available, Charging and Reserved count as working; Faulted, Unavailable and Offline
            as down; Unknown and Blocked are left out).
          </p>
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th>Charger</th>
                  <th>Online</th>
                  <th>Connectors</th>
                  <th>Last heartbeat</th>
                  <th>Availability (30 days)</th>
                </tr>
              </thead>
              <tbody>
                {chargers.data.chargers.map((charger) => (
                  <tr key={charger.id}>
                    <td>
                      {charger.name}
                      <br />
                      <code>{charger.barcode}</code>
                    </td>
                    <td>
                      <span className={`badge ${charger.online ? 'ok' : 'down'}`}>
                        {charger.online ? 'Online' : 'Offline'}
                      </span>
                    </td>
                    <td>
                      {charger.connectors.map((connector) => (
                        <div key={connector.connectorId}>
                          {connector.connectorId}: {connector.status}
                        </div>
                      ))}
                    </td>
                    <td>{when(charger.lastHeartbeatAt)}</td>
                    <td>
                      {charger.availability === null
                        ? 'Not enough data'
                        : `${percent.format(charger.availability)} %`}
                      <div className="muted small">
                        up {hours(charger.workingMs)} · down {hours(charger.downMs)}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : (
        <p>Loading…</p>
      )}
    </section>
  );
}
