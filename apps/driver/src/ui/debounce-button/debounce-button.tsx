import {
  forwardRef,
  useCallback,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type ComponentProps,
  type MouseEvent,
} from 'react';
import { IonButton, IonSpinner } from '@ionic/react';
import { DEBOUNCE_MS } from '@evc/domain';

export interface DebounceButtonHandle {
  /** Ends the debounce period early so the next click counts. */
  clear(): void;
}

export type DebounceButtonProps = Omit<ComponentProps<typeof IonButton>, 'onClick'> & {
  /** The debounce period in milliseconds (spec 001 §9: 1000). */
  debounceMs?: number;
  /** Emitted once per period. */
  onDebouncedClick: (event: MouseEvent<HTMLIonButtonElement>) => void;
};

/**
 * spec 001 §2: ignores repeat clicks while its period runs, shows a small spinner meanwhile and
 * emits one click per period. It never clears itself early; clear() via a ref does.
 */
export const DebounceButton = forwardRef<DebounceButtonHandle, DebounceButtonProps>(
  function DebounceButton(
    { debounceMs = DEBOUNCE_MS, onDebouncedClick, children, ...buttonProps },
    ref,
  ) {
    const [active, setActive] = useState(false);
    const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

    const clear = useCallback(() => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      setActive(false);
    }, []);

    useImperativeHandle(ref, () => ({ clear }), [clear]);
    useEffect(
      () => () => {
        if (timer.current) clearTimeout(timer.current);
      },
      [],
    );

    const handleClick = (event: MouseEvent<HTMLIonButtonElement>) => {
      if (timer.current) return;
      timer.current = setTimeout(() => {
        timer.current = null;
        setActive(false);
      }, debounceMs);
      setActive(true);
      onDebouncedClick(event);
    };

    return (
      <IonButton {...buttonProps} onClick={handleClick} aria-busy={active}>
        {children}
        {active && (
          <IonSpinner
            name="crescent"
            className="debounce-button__spinner"
            style={{ width: 16, height: 16, marginInlineStart: 8 }}
          />
        )}
      </IonButton>
    );
  },
);
