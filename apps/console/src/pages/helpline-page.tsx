import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { quarterOf } from '@evc/domain';
import { helplineChannel, helplineSubjectKind } from '@evc/contract';
import type { z } from 'zod';
import { FormError } from '../components/form-error.tsx';
import { when } from '../lib/format.ts';
import { useStaffSession } from '../lib/staff-session.tsx';
import { useLoad } from '../lib/use-load.ts';

type SubjectKind = z.infer<typeof helplineSubjectKind>;
type Channel = z.infer<typeof helplineChannel>;

const subjectWording: Record<SubjectKind, string> = {
  user: 'Driver',
  guest: 'Guest',
  charger: 'Charger',
  none: 'Nobody in particular',
};

/** The quarters to list: this one and the seven before it. */
function recentQuarters(now = new Date()): string[] {
  return Array.from({ length: 8 }, (_, back) =>
    quarterOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back * 3, 1))),
  );
}

/** UK regulation 9: every helpline contact is recorded; the quarter's contacts export as CSV. */
export function HelplinePage() {
  const staff = useStaffSession();
  const [params] = useSearchParams();
  const quarters = recentQuarters();
  const [quarter, setQuarter] = useState(quarters[0] ?? quarterOf(new Date()));
  const contacts = useLoad(
    () => staff.call('consoleHelplineList', { query: { quarter } }),
    `helpline:${quarter}`,
  );
  const [exportError, setExportError] = useState<string>();

  const download = () => {
    setExportError(undefined);
    staff.callText('consoleHelplineExport', { query: { quarter } }).then(
      (csv) => {
        const link = document.createElement('a');
        link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
        link.download = `helpline-contacts-${quarter}.csv`;
        link.click();
        URL.revokeObjectURL(link.href);
      },
      (failure: unknown) => setExportError((failure as Error).message),
    );
  };

  return (
    <div className="stack">
      <h1>Helpline</h1>
      <ContactForm
        initialKind={helplineSubjectKind.catch('none').parse(params.get('kind') ?? 'none')}
        initialSubject={params.get('subject') ?? ''}
        onRecorded={contacts.reload}
      />
      <section className="stack">
        <div className="row wrap">
          <h2 className="grow">Contacts</h2>
          <label>
            Quarter{' '}
            <select value={quarter} onChange={(event) => setQuarter(event.target.value)}>
              {quarters.map((option) => (
                <option key={option}>{option}</option>
              ))}
            </select>
          </label>
          <button type="button" className="secondary" onClick={download}>
            Export CSV
          </button>
        </div>
        <FormError error={contacts.error ?? exportError} />
        {contacts.data?.contacts.length === 0 && <p className="muted">No contacts this quarter.</p>}
        {contacts.data && contacts.data.contacts.length > 0 && (
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th>When</th>
                  <th>About</th>
                  <th>Channel</th>
                  <th>What was done</th>
                  <th>Resolution</th>
                </tr>
              </thead>
              <tbody>
                {contacts.data.contacts.map((contact) => (
                  <tr key={contact.id}>
                    <td>{when(contact.at)}</td>
                    <td>
                      {subjectWording[contact.subject.kind]}{' '}
                      {contact.subject.id && <code>{contact.subject.id}</code>}
                    </td>
                    <td>{contact.channel}</td>
                    <td>{contact.actionTaken}</td>
                    <td>{contact.resolution}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

function ContactForm(props: {
  initialKind: SubjectKind;
  initialSubject: string;
  onRecorded: () => void;
}) {
  const staff = useStaffSession();
  const [kind, setKind] = useState<SubjectKind>(props.initialKind);
  const [subject, setSubject] = useState(props.initialSubject);
  const [channel, setChannel] = useState<Channel>('phone');
  const [actionTaken, setActionTaken] = useState('');
  const [resolution, setResolution] = useState('');
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setDone(undefined);
    const id = subject.trim();
    staff
      .call('consoleHelplineRecord', {
        body: {
          subject: kind === 'none' || !id ? { kind } : { kind, id },
          channel,
          actionTaken,
          resolution,
        },
      })
      .then(
        () => {
          setDone('Contact recorded.');
          setActionTaken('');
          setResolution('');
          props.onRecorded();
        },
        (failure: unknown) => setError((failure as Error).message),
      );
  };

  return (
    <form className="card stack" onSubmit={submit} aria-label="Record a contact">
      <h2>Record a contact</h2>
      <div className="row wrap">
        <label>
          About
          <select value={kind} onChange={(event) => setKind(event.target.value as SubjectKind)}>
            {helplineSubjectKind.options.map((option) => (
              <option key={option} value={option}>
                {subjectWording[option]}
              </option>
            ))}
          </select>
        </label>
        {kind !== 'none' && (
          <label className="grow">
            {subjectWording[kind]} id
            <input value={subject} onChange={(event) => setSubject(event.target.value)} />
          </label>
        )}
        <label>
          Channel
          <select value={channel} onChange={(event) => setChannel(event.target.value as Channel)}>
            {helplineChannel.options.map((option) => (
              <option key={option}>{option}</option>
            ))}
          </select>
        </label>
      </div>
      <label>
        What was done
        <textarea
          rows={2}
          value={actionTaken}
          onChange={(event) => setActionTaken(event.target.value)}
          required
        />
      </label>
      <label>
        Resolution
        <textarea
          rows={2}
          value={resolution}
          onChange={(event) => setResolution(event.target.value)}
          required
        />
      </label>
      <FormError error={error} />
      {done && (
        <p className="success" role="status">
          {done}
        </p>
      )}
      <button type="submit">Record contact</button>
    </form>
  );
}
