import { useContext, useEffect, useRef } from 'react';
import { UNSAFE_NavigationContext, type Navigator } from 'react-router-dom';

interface Guard {
  dirty: boolean;
  confirmLeave: () => Promise<boolean>;
}

/** Makes the router's moves wait for the guard's answer while it is dirty; returns the undoing. */
function holdNavigation(navigator: Navigator, guard: { current: Guard }): () => void {
  const moves = {
    push: navigator.push.bind(navigator),
    replace: navigator.replace.bind(navigator),
    go: navigator.go.bind(navigator),
  };
  const held =
    <A extends unknown[]>(move: (...args: A) => void) =>
    (...args: A) => {
      if (!guard.current.dirty) {
        move(...args);
        return;
      }
      void guard.current.confirmLeave().then((leave) => {
        if (leave) move(...args);
      });
    };
  Object.assign(navigator, {
    push: held(moves.push),
    replace: held(moves.replace),
    go: held(moves.go),
  });
  return () => Object.assign(navigator, moves);
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
    const release = holdNavigation(navigator, guard);
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (guard.current.dirty) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      release();
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [navigator]);
}
