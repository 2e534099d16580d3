import { createContext, use, useCallback, useMemo, useState, type ReactNode } from 'react';
import type { CallName, SignedInUser, TokenData } from '@evc/contract';
import { ApiError, callApi, callApiText, type CallData, type CallOptions } from './api.ts';
import { deviceUuid } from './device-uuid.ts';

const STORAGE_KEY = 'evc-console-session';

/** A staff member's tokens, kept for the tab only: closing it signs out. */
function storedSession(): TokenData | null {
  try {
    const text = sessionStorage.getItem(STORAGE_KEY);
    return text ? (JSON.parse(text) as TokenData) : null;
  } catch {
    return null;
  }
}

function store(tokens: TokenData | null): void {
  if (tokens) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(tokens));
  else sessionStorage.removeItem(STORAGE_KEY);
}

export interface StaffSession {
  signedIn: boolean;
  signIn: (user: SignedInUser) => void;
  signOut: () => void;
  /** A call made with the staff member's token, refreshed once when it has expired. */
  call<N extends CallName>(name: N, options?: Omit<CallOptions<N>, 'token'>): Promise<CallData<N>>;
  /** The same for a call answering a file. */
  callText<N extends CallName>(name: N, options?: Omit<CallOptions<N>, 'token'>): Promise<string>;
}

const StaffSessionContext = createContext<StaffSession | null>(null);

export function StaffSessionProvider({ children }: { children: ReactNode }) {
  const [tokens, setTokens] = useState<TokenData | null>(storedSession);

  const update = useCallback((next: TokenData | null) => {
    store(next);
    setTokens(next);
  }, []);

  const withToken = useCallback(
    async <T,>(run: (token: string | null) => Promise<T>): Promise<T> => {
      const current = storedSession();
      try {
        return await run(current?.auth.token ?? null);
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 401 || !current) throw error;
        let renewed: TokenData;
        try {
          const answer = await callApi('refreshToken', {
            token: current.refresh.token,
            body: { uuid: deviceUuid() },
          });
          renewed = { auth: answer.auth, refresh: answer.refresh };
        } catch {
          update(null);
          throw error;
        }
        update(renewed);
        return run(renewed.auth.token);
      }
    },
    [update],
  );

  const session = useMemo<StaffSession>(
    () => ({
      signedIn: tokens !== null,
      signIn: (user) => update(user.tokenData),
      signOut: () => {
        const current = storedSession();
        update(null);
        // Ends the session on the server too; the tab forgets it whatever the answer.
        if (current) {
          callApi('logout', {
            token: current.auth.token,
            body: { tokens: { token: current.auth.token, refreshToken: current.refresh.token } },
          }).catch(() => undefined);
        }
      },
      call: (name, options = {}) => withToken((token) => callApi(name, { ...options, token })),
      callText: (name, options = {}) =>
        withToken((token) => callApiText(name, { ...options, token })),
    }),
    [tokens, update, withToken],
  );
  return <StaffSessionContext value={session}>{children}</StaffSessionContext>;
}

export function useStaffSession(): StaffSession {
  const session = use(StaffSessionContext);
  if (!session) throw new Error('useStaffSession outside StaffSessionProvider');
  return session;
}
