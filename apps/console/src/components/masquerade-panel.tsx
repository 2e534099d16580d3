import { useEffect, useRef, useState } from 'react';
import type { DriverKind } from '@evc/contract';
import { useStaffSession } from '../lib/staff-session.tsx';
import {
  isAppReady,
  masqueradeHostProblem,
  masqueradeOrigin,
  postToApp,
  type ClearMessageType,
  type MasqueradeMessage,
} from '../lib/masquerade.ts';
import { when } from '../lib/format.ts';
import { ReasonAction } from './reason-action.tsx';

interface Opened {
  token: string;
  kind: DriverKind;
  expiry: string;
}

const clearButtons: { type: ClearMessageType; label: string }[] = [
  { type: 'clearGuest', label: 'Clear guest' },
  { type: 'clearUser', label: 'Sign the user out' },
  { type: 'clearAll', label: 'Clear all' },
];

/** The token for the app, with its expiry, and a guest's code for the app's banner. */
const tokenMessage = (opened: Opened, code: string): MasqueradeMessage => ({
  type: 'masquerade',
  token: opened.token,
  kind: opened.kind,
  expiry: opened.expiry,
  ...(opened.kind === 'guest' ? { code } : {}),
});

/**
 * "Open the app as this driver/guest": a 30-minute masquerade token, handed to the driver app in
 * a frame on the brand's support-masquerade host by postMessage, to that origin only.
 */
export function MasqueradePanel({
  driverId,
  kind,
  code,
}: {
  driverId: string;
  kind: DriverKind;
  code: string;
}) {
  const staff = useStaffSession();
  const frame = useRef<HTMLIFrameElement>(null);
  const [opened, setOpened] = useState<Opened>();
  const origin = masqueradeOrigin(window.location);
  const hostProblem = masqueradeHostProblem(window.location);

  const send = (message: MasqueradeMessage) => {
    const target = frame.current?.contentWindow;
    if (target) postToApp(target, message, origin);
  };
  // After clearUser or clearAll the token is logged out: the reloaded app is not handed it again.
  const loggedOut = useRef(false);
  const handOver = () => {
    if (opened) send(tokenMessage(opened, code));
  };
  // The app says when it listens (after each load, a clear message's reload included).
  useEffect(() => {
    if (!opened) return undefined;
    const onMessage = (event: MessageEvent) => {
      const target = frame.current?.contentWindow;
      if (target && !loggedOut.current && isAppReady(event, target, origin)) {
        postToApp(target, tokenMessage(opened, code), origin);
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [opened, origin, code]);

  return (
    <section className="card stack masquerade" aria-label="Masquerade">
      <h2>Open the app as this {kind === 'guest' ? 'guest' : 'driver'}</h2>
      <p className="muted">
        A 30-minute session that cannot be renewed; everything done in it is audited with your
        reason.
      </p>
      {hostProblem && (
        <p className="warning">
          {hostProblem.blocking
            ? 'The app cannot be opened as a driver from an IP address. '
            : 'If the app below stays blank, this browser keeps it from storing its session on another site. '}
          Open the console at{' '}
          <a href={hostProblem.betterConsoleUrl}>{hostProblem.betterConsoleUrl}</a>.
        </p>
      )}
      {hostProblem?.blocking ? null : (
        <ReasonAction
          label={`Open the app as this ${kind === 'guest' ? 'guest' : 'driver'}`}
          onSubmit={async (reason) => {
            const answer = await staff.call('consoleMasquerade', {
              params: { driverid: driverId },
              body: { reason },
            });
            loggedOut.current = false;
            setOpened({ token: answer.token, kind: answer.kind, expiry: answer.expiry });
            return `Opened until ${when(answer.expiry)}.`;
          }}
        />
      )}
      {opened && (
        <>
          <div className="row wrap">
            {clearButtons.map((button) => (
              <button
                key={button.type}
                type="button"
                className="secondary"
                onClick={() => {
                  if (button.type !== 'clearGuest') loggedOut.current = true;
                  send({ type: button.type });
                }}
              >
                {button.label}
              </button>
            ))}
            <button type="button" className="secondary" onClick={handOver}>
              Hand the token over again
            </button>
            <button type="button" className="link" onClick={() => setOpened(undefined)}>
              Close the app
            </button>
          </div>
          <iframe
            ref={frame}
            className="driver-app-frame"
            title="Driver app (masquerade)"
            src={`${origin}/`}
          />
        </>
      )}
    </section>
  );
}
