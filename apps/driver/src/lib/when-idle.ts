/**
 * Runs `work` when the browser has nothing more urgent to do, so what the first screen does not
 * need (other languages, other pages) is fetched without competing with it. Safari has no
 * requestIdleCallback; a short timer stands in.
 */
export function whenIdle(work: () => void): void {
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(() => work(), { timeout: 2000 });
  } else {
    setTimeout(work, 200);
  }
}
