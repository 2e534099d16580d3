import { useContext, useEffect, useRef } from 'react';
import { UNSAFE_NavigationContext, type Navigator } from 'react-router-dom';

interface Guard {
  dirty: boolean;
  confirmLeave: () => Promise<boolean>;
}

/** The guards of each router; its moves are wrapped once and ask the first dirty guard. */
const guardsOf = new WeakMap<Navigator, Set<{ current: Guard }>>();

function guardsFor(navigator: Navigator): Set<{ current: Guard }> {
  const known = guardsOf.get(navigator);
  if (known) return known;
  const guards = new Set<{ current: Guard }>();
  guardsOf.set(navigator, guards);
  const held =
    <A extends unknown[]>(move: (...args: A) => void) =>
    (...args: A) => {
      const dirty = [...guards].find((guard) => guard.current.dirty);
      if (!dirty) {
        move(...args);
        return;
      }
      void dirty.current.confirmLeave().then((leave) => {
        if (leave) move(...args);
      });
    };
  // Ionic keeps pages it leaves forward, so guards come and go in any order: the wrapping stays.
  Object.assign(navigator, {
    push: held(navigator.push.bind(navigator)),
    replace: held(navigator.replace.bind(navigator)),
    go: held(navigator.go.bind(navigator)),
  });
  return guards;
}

/**
 * spec 001 §4: leaving with unsaved changes asks confirmation. The app's router (Ionic's, on
 * react-router 6 without a data router) has no blocker, so while `dirty` every in-app move
 * (links, menu, back) waits for `confirmLeave`; closing or reloading the tab asks the browser's
 * own question. The browser's back button is not held back.
 */
export function useLeaveGuard(dirty: boolean, confirmLeave: () => Promise<boolean>): void {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const guard = useRef<Guard>({ dirty, confirmLeave });
  useEffect(() => {
    guard.current = { dirty, confirmLeave };
  });

  useEffect(() => {
    const guards = guardsFor(navigator);
    guards.add(guard);
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (guard.current.dirty) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      guards.delete(guard);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [navigator]);
}
