import { useState, type FormEvent } from 'react';
import { API_VERSION_PARTS } from '@evc/domain';
import type { MfaMethod, MfaOption, SignedInUser } from '@evc/contract';
import { ApiError, callApi } from '../lib/api.ts';
import { deviceUuid } from '../lib/device-uuid.ts';
import { useStaffSession } from '../lib/staff-session.tsx';
import { FormError } from '../components/form-error.tsx';

const CONSOLE_VERSION = '1.0.0';

type Step =
  | { kind: 'credentials' }
  /** First sign-in: staff must set up a second factor; the code goes by e-mail. */
  | { kind: 'setup'; limitedToken: string }
  | { kind: 'verify'; method: MfaMethod; options: MfaOption[] };

const NOT_STAFF =
  'This account is not a support or operator account: the console is for support staff only.';

const methodWording: Record<MfaMethod, string> = {
  email: 'e-mail',
  phone: 'text message',
  app: 'authenticator app',
};

const hintOf = (step: Extract<Step, { kind: 'verify' }>) => {
  const hint = step.options.find((option) => option.method === step.method)?.hint;
  return hint ? ` to ${hint}` : '';
};

/** Staff sign-in: e-mail and password, then the second factor's code (issue 18). */
export function SignInPage() {
  const session = useStaffSession();
  const [step, setStep] = useState<Step>({ kind: 'credentials' });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const credentials = () => ({ name: email, password, uuid: deviceUuid() });

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  /** Staff only: the console's calls refuse anyone else, with the reason as their code. */
  const enter = async (user: SignedInUser) => {
    try {
      await callApi('consoleAudit', { token: user.token, query: { limit: 1 } });
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'STAFF_ONLY') throw new Error(NOT_STAFF);
      throw failure;
    }
    session.signIn(user);
  };

  const requestCode = async (method: MfaMethod) => {
    if (method !== 'app') await callApi('mfaRequestToken', { body: { ...credentials(), method } });
  };

  const submitCredentials = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const answer = await callApi('login', {
        body: {
          ...credentials(),
          apiVersion: {
            majorversion: API_VERSION_PARTS.major,
            minorversion: API_VERSION_PARTS.minor,
            patchversion: API_VERSION_PARTS.patch,
          },
          appVersion: CONSOLE_VERSION,
        },
      });
      if (answer.mfaStage === 'EnforcedSetup' && answer.user) {
        await callApi('mfaSetup', { token: answer.user.token, body: { method: 'email' } });
        setStep({ kind: 'setup', limitedToken: answer.user.token });
      } else if (answer.mfaStage === 'RequestToken') {
        const options = answer.mfaOptions ?? [];
        const method = (options.find((option) => option.isDefault) ?? options[0])?.method;
        if (!method) throw new Error('This account has no second factor set up.');
        await requestCode(method);
        setStep({ kind: 'verify', method, options });
      } else if (answer.user) {
        await enter(answer.user);
      } else {
        throw new Error(answer.message ?? 'Sign-in failed.');
      }
    });
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      if (step.kind === 'setup') {
        const confirmed = await callApi('mfaSetupConfirm', {
          token: step.limitedToken,
          body: { method: 'email', code: code.trim() },
        });
        if (!confirmed.user) throw new Error('The code was accepted but no session was opened.');
        await enter(confirmed.user);
      } else if (step.kind === 'verify') {
        const verified = await callApi('mfaVerify', {
          body: { ...credentials(), method: step.method, mfaToken: code.trim() },
        });
        await enter(verified.user);
      }
    });
  };

  const switchMethod = (method: MfaMethod) => {
    if (step.kind !== 'verify') return;
    setCode('');
    void run(async () => {
      await requestCode(method);
      setStep({ ...step, method });
    });
  };

  return (
    <main className="sign-in">
      <h1>Support console</h1>
      {step.kind === 'credentials' ? (
        <form onSubmit={submitCredentials} className="card stack">
          <label>
            E-mail address
            <input
              type="email"
              autoComplete="username"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              required
            />
          </label>
          <label>
            Password
            <input
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              required
            />
          </label>
          <FormError error={error} />
          <button type="submit" disabled={busy}>
            Sign in
          </button>
        </form>
      ) : (
        <form onSubmit={submitCode} className="card stack">
          <p>
            {step.kind === 'setup'
              ? `Staff sign in with a second factor. We have e-mailed a 6-digit code to ${email} to set it up.`
              : step.method === 'app'
                ? 'Type the 6-digit code your authenticator app shows.'
                : `We have sent a 6-digit code by ${methodWording[step.method]}${hintOf(step)}.`}
          </p>
          <label>
            Code
            <input
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              required
            />
          </label>
          <FormError error={error} />
          <button type="submit" disabled={busy}>
            Verify
          </button>
          {step.kind === 'verify' && step.options.length > 1 && (
            <div className="row">
              {step.options
                .filter((option) => option.method !== step.method)
                .map((option) => (
                  <button
                    key={option.method}
                    type="button"
                    className="secondary"
                    onClick={() => switchMethod(option.method)}
                  >
                    Use {methodWording[option.method]} instead
                  </button>
                ))}
            </div>
          )}
          <button
            type="button"
            className="link"
            onClick={() => {
              setStep({ kind: 'credentials' });
              setCode('');
              setError(undefined);
            }}
          >
            Back
          </button>
        </form>
      )}
    </main>
  );
}
