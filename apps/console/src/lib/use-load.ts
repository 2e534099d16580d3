import { useCallback, useEffect, useRef, useState } from 'react';

export interface Loaded<T> {
  data: T | undefined;
  error: string | undefined;
  loading: boolean;
  reload: () => void;
}

interface Settled<T> {
  key: string;
  round: number;
  data?: T;
  error?: string;
}

/**
 * Runs `load` when `key` changes and on `reload()`. What a reload answers replaces the shown data
 * when it comes; another key's data is never shown.
 */
export function useLoad<T>(load: () => Promise<T>, key: string): Loaded<T> {
  const latest = useRef(load);
  useEffect(() => {
    latest.current = load;
  });
  const [round, setRound] = useState(0);
  const [settled, setSettled] = useState<Settled<T>>();

  useEffect(() => {
    let current = true;
    latest.current().then(
      (data) => current && setSettled({ key, round, data }),
      (failure: unknown) =>
        current &&
        setSettled((before) => ({
          key,
          round,
          data: before?.key === key ? before.data : undefined,
          error: failure instanceof Error ? failure.message : String(failure),
        })),
    );
    return () => {
      current = false;
    };
  }, [key, round]);

  const mine = settled?.key === key ? settled : undefined;
  return {
    data: mine?.data,
    error: mine?.error,
    loading: mine?.round !== round,
    reload: useCallback(() => setRound((n) => n + 1), []),
  };
}
