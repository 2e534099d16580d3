import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AuditTable } from '../components/audit-table.tsx';
import { FormError } from '../components/form-error.tsx';
import { useStaffSession } from '../lib/staff-session.tsx';
import { useLoad } from '../lib/use-load.ts';

/** Every staff action and masquerade call, newest first: read-only. */
export function AuditPage() {
  const staff = useStaffSession();
  const [params, setParams] = useSearchParams();
  const target = params.get('target') ?? '';
  const [typed, setTyped] = useState(target);
  const audit = useLoad(
    () => staff.call('consoleAudit', { query: { target: target || undefined, limit: 200 } }),
    `audit:${target}`,
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams(typed.trim() ? { target: typed.trim() } : {});
  };
  return (
    <section className="stack">
      <div className="row spread wrap">
        <h1>Audit log</h1>
        <button type="button" className="secondary" onClick={audit.reload}>
          Refresh
        </button>
      </div>
      <form className="row search" onSubmit={submit}>
        <label className="grow">
          Target id (driver, guest, charger or session)
          <input value={typed} onChange={(event) => setTyped(event.target.value)} />
        </label>
        <button type="submit">Filter</button>
      </form>
      <FormError error={audit.error} />
      {audit.data ? <AuditTable entries={audit.data.entries} /> : <p>Loading…</p>}
    </section>
  );
}
