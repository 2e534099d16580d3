import { useEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router-dom';
import { ANCHOR_OFFSET_PX } from '@evc/domain';

function activeScroller(): Promise<HTMLElement | null> {
  const content = document.querySelector<HTMLIonContentElement>(
    '.app-outlet > .ion-page ion-content',
  );
  return content ? content.getScrollElement() : Promise.resolve(null);
}

/**
 * spec 000 §2: scroll positions come back on back/forward navigation, and #anchors scroll into
 * view 64 px below the top.
 */
export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef(new Map<string, number>());
  const previousKey = useRef<string | null>(null);

  useEffect(() => {
    const key = `${location.pathname}${location.search}`;
    const leaving = previousKey.current;
    previousKey.current = key;
    let cancelled = false;

    const run = async () => {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const scroller = await activeScroller();
      if (cancelled || !scroller) return;
      if (location.hash) {
        const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
        if (target) {
          const top =
            target.getBoundingClientRect().top -
            scroller.getBoundingClientRect().top +
            scroller.scrollTop;
          scroller.scrollTo({ top: Math.max(0, top - ANCHOR_OFFSET_PX), behavior: 'smooth' });
          return;
        }
      }
      if (navigationType === NavigationType.Pop) {
        const saved = positions.current.get(key);
        if (saved !== undefined) scroller.scrollTo({ top: saved });
      }
    };

    if (leaving && leaving !== key) {
      void activeScroller().then((scroller) => {
        if (scroller) positions.current.set(leaving, scroller.scrollTop);
      });
    }
    void run();
    return () => {
      cancelled = true;
    };
  }, [location.pathname, location.search, location.hash, navigationType]);

  return null;
}
