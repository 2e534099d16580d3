import type { CallName } from '@evc/contract';

/** What tells one answer of a call from another: an id, a code, a filter (never the clock). */
export type CallKeyInput = Readonly<Record<string, string | number | boolean | null | undefined>>;

/**
 * The one shape of a query key: the call's name in the catalogue, then what the answer depends
 * on. The key without input is a prefix of every key of that call, so it invalidates them all.
 */
export function callQueryKey<K extends CallName>(name: K): readonly [K];
export function callQueryKey<K extends CallName, I extends CallKeyInput>(
  name: K,
  input: I,
): readonly [K, I];
export function callQueryKey(name: CallName, input?: CallKeyInput): readonly unknown[] {
  return input === undefined ? [name] : [name, input];
}
