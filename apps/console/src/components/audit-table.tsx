import { Link } from 'react-router-dom';
import type { z } from 'zod';
import type { auditEntry } from '@evc/contract';
import { when } from '../lib/format.ts';

type AuditEntry = z.infer<typeof auditEntry>;

/** Audit entries, newest first as the server lists them. Nobody can edit them. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  if (entries.length === 0) return <p className="muted">No entries.</p>;
  return (
    <div className="table-wrap">
      <table className="audit">
        <thead>
          <tr>
            <th>When</th>
            <th>Staff</th>
            <th>Action</th>
            <th>Target</th>
            <th>Reason</th>
            <th>Detail</th>
            <th>Outcome</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>{when(entry.at)}</td>
              <td>
                <code>{entry.staffId}</code>
              </td>
              <td>
                {entry.action}
                {entry.masquerade ? <span className="badge">masquerade</span> : null}
              </td>
              <td>
                {entry.targetKind}
                {entry.targetId ? (
                  <>
                    {' '}
                    {entry.targetKind === 'user' || entry.targetKind === 'guest' ? (
                      <Link to={`/drivers/${encodeURIComponent(entry.targetId)}`}>
                        <code>{entry.targetId}</code>
                      </Link>
                    ) : (
                      <code>{entry.targetId}</code>
                    )}
                  </>
                ) : null}
              </td>
              <td>{entry.reason ?? '—'}</td>
              <td>{entry.detail ?? '—'}</td>
              <td>{entry.outcome}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
