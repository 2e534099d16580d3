import { useRef, useState } from 'react';
import { useLoadingOverlay } from './loading.ts';

/**
 * Runs a form's server call at most once at a time, with the loading overlay up meanwhile. An
 * Ionic submit button both fires its own click and submits the form, so the same action is asked
 * for twice in one tick; the second is dropped.
 */
export function useSingleFlight(action: () => Promise<void>): { run: () => void; busy: boolean } {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const overlay = useLoadingOverlay();
  const run = () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    overlay.show();
    void action().finally(() => {
      overlay.hide();
      running.current = false;
      setBusy(false);
    });
  };
  return { run, busy };
}
