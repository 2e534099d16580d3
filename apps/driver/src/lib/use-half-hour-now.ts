import { useEffect, useState } from 'react';
import { nextHalfHour } from '@evc/domain';

/**
 * The time now, moved on at each half-hour boundary (when a tariff's rate in force can change)
 * and when the app comes back to the screen (timers sleep in the background): a price-now left
 * open past a change shows the new price (issue 19).
 */
export function useHalfHourNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setTimeout(() => setNow(new Date()), nextHalfHour(now).getTime() - Date.now());
    const onShow = () => {
      if (document.visibilityState === 'visible') setNow(new Date());
    };
    document.addEventListener('visibilitychange', onShow);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onShow);
    };
  }, [now]);
  return now;
}
