import { useEffect, useState } from 'react';

/** The current time, refreshed every `everyMs` while `running` (a live duration's clock). */
export function useNow(everyMs: number, running: boolean): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs, running]);
  return now;
}
