/**
 * Resolves when the browser has nothing more urgent to do, so what the first screen does not need
 * (other languages, other pages) is fetched without competing with it. Safari has no
 * requestIdleCallback; a short timer stands in.
 */
export function whenIdle(): Promise<void> {
  return new Promise((idle) => {
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(() => idle(), { timeout: 2000 });
    } else {
      setTimeout(idle, 200);
    }
  });
}
