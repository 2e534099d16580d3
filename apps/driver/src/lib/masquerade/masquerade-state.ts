import { useSyncExternalStore } from 'react';
import { isMasqueradeHost } from '@evc/domain';

/**
 * spec 000 §4, §6 and issue 18: support masquerade. The flag is false by default; it turns on
 * when the page's host starts with the support-masquerade prefix or when the console's message
 * arrives, and stays on until the page is loaded again. It is kept in memory only.
 */
export interface MasqueradeState {
  on: boolean;
  /** The console's token has run out (30 minutes, no refresh): the app says the session ended. */
  ended: boolean;
  /** The confirmation overlay has been confirmed in this session (spec 000 §2: once). */
  confirmed: boolean;
  /** Which driver the console handed over: the guest's code when it is a guest. */
  kind: 'user' | 'guest' | null;
  /** Counts the sessions the console has handed over on this page (0: none yet). */
  session: number;
}

const initial = (): MasqueradeState => ({
  on: typeof window !== 'undefined' && isMasqueradeHost(window.location.hostname),
  ended: false,
  confirmed: false,
  kind: null,
  session: 0,
});

let state: MasqueradeState = initial();
const listeners = new Set<() => void>();

function setState(next: MasqueradeState): void {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getMasquerade(): MasqueradeState {
  return state;
}

/** Whether the app is masquerading: device storage (uuid, language, tokens) is left alone. */
export function isMasquerading(): boolean {
  return state.on;
}

export function useMasquerade(): MasqueradeState {
  return useSyncExternalStore(subscribe, getMasquerade, getMasquerade);
}

export function turnMasqueradeOn(): void {
  if (!state.on) setState({ ...state, on: true });
}

/** A masquerade session for a driver or a guest has begun: not ended, not yet confirmed. */
export function beginMasquerade(kind: 'user' | 'guest'): void {
  setState({ on: true, ended: false, confirmed: false, kind, session: state.session + 1 });
}

export function endMasquerade(): void {
  if (state.on && !state.ended) setState({ ...state, ended: true });
}

export function confirmMasquerade(): void {
  if (!state.confirmed) setState({ ...state, confirmed: true });
}

/** Tests: back to what a page load on `hostname`'s host starts with. */
export function resetMasqueradeForTests(): void {
  setState(initial());
}
