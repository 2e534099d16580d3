import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { FoundDriver } from '@evc/contract';
import { FormError } from '../components/form-error.tsx';
import { useStaffSession } from '../lib/staff-session.tsx';
import { when } from '../lib/format.ts';

/** Find a driver by e-mail, name, phone or HRCode, or a guest by guest code. */
export function FindPage() {
  const session = useStaffSession();
  const [params, setParams] = useSearchParams();
  const asked = params.get('q') ?? '';
  const [query, setQuery] = useState(asked);
  const [found, setFound] = useState<FoundDriver[]>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (asked.trim().length === 0) return;
    let current = true;
    session.call('consoleFindDrivers', { body: { query: asked } }).then(
      (answer) => {
        if (!current) return;
        setFound(answer.drivers);
        setError(undefined);
      },
      (failure: unknown) => current && setError((failure as Error).message),
    );
    return () => {
      current = false;
    };
  }, [asked, session]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams({ q: query.trim() });
  };

  return (
    <section className="stack">
      <h1>Find a driver or guest</h1>
      <form onSubmit={submit} className="row search">
        <label className="grow">
          E-mail, name, phone, HRCode or guest code
          <input
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            minLength={2}
            required
          />
        </label>
        <button type="submit">Find</button>
      </form>
      <FormError error={error} />
      {found && found.length === 0 && <p>No driver or guest matches “{asked}”.</p>}
      {found && found.length > 0 && (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th>Name</th>
                <th>Kind</th>
                <th>E-mail</th>
                <th>Phone</th>
                <th>HRCode / guest code</th>
                <th>Since</th>
              </tr>
            </thead>
            <tbody>
              {found.map((driver) => (
                <tr key={driver.id}>
                  <td>
                    <Link to={`/drivers/${encodeURIComponent(driver.id)}`}>
                      {driver.name || driver.code}
                    </Link>
                  </td>
                  <td>{driver.kind === 'guest' ? 'Guest' : 'Driver'}</td>
                  <td>{driver.email ?? '—'}</td>
                  <td>{driver.phone ?? '—'}</td>
                  <td>{driver.code}</td>
                  <td>{when(driver.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
