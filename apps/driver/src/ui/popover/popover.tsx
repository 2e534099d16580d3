import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { POPOVER_MAX_WIDTH_PX } from '@evc/domain';
import './popover.css';

export type PopoverPlacement = 'top' | 'bottom';

export interface PopoverProps {
  /** The link that reveals the popover. */
  label: ReactNode;
  /** What the popover says. */
  children: ReactNode;
  /** Above or below its link; below by default. */
  placement?: PopoverPlacement;
  /** On the link, for its own look. */
  linkClassName?: string;
  /** Told each time the popover shows or hides. */
  onOpenChange?: (open: boolean) => void;
}

/** Room kept between the popover and the screen's edges. */
const EDGE = 8;

type Opener = 'hover' | 'focus' | 'tap';

/**
 * spec 001 §2: a popover hidden by default, shown while the mouse is over its link and hidden on
 * mouse-out, above or below the link, at most 400px wide. Keyboard and touch users reach it too:
 * it shows while the link has focus, a tap keeps it open and a second tap (or Escape) hides it.
 */
export function Popover({
  label,
  children,
  placement = 'bottom',
  linkClassName,
  onOpenChange,
}: PopoverProps) {
  const id = useId();
  const [opener, setOpener] = useState<Opener | null>(null);
  const [shift, setShift] = useState(0);
  const bubble = useRef<HTMLDivElement>(null);
  const open = opener !== null;

  const change = (next: Opener | null) => {
    setOpener(next);
    if ((next !== null) !== open) onOpenChange?.(next !== null);
  };

  // Kept on the screen: a link near the right edge opens its popover leftwards.
  useLayoutEffect(() => {
    if (!open || !bubble.current) return;
    const box = bubble.current.getBoundingClientRect();
    const overflow = box.right - (window.innerWidth - EDGE);
    setShift(overflow > 0 ? -Math.min(overflow, Math.max(0, box.left - EDGE)) : 0);
  }, [open]);

  // A tap also fires pointerenter; only a mouse opens it by hovering.
  const hover = (entering: boolean) => (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    if (entering && !open) change('hover');
    if (!entering && open) change(null);
  };

  const onClick = () => {
    // Shown by hovering or by the focus a tap gives: the tap keeps it open.
    if (opener === 'tap') change(null);
    else change('tap');
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      change(null);
    }
  };

  return (
    <div
      className={`popover popover--${placement}`}
      onPointerEnter={hover(true)}
      onPointerLeave={hover(false)}
      onKeyDown={onKeyDown}
    >
      <button
        type="button"
        className={['popover__link', linkClassName].filter(Boolean).join(' ')}
        aria-describedby={open ? id : undefined}
        aria-expanded={open}
        onFocus={() => {
          if (!open) change('focus');
        }}
        onBlur={() => change(null)}
        onClick={onClick}
      >
        {label}
      </button>
      {open && (
        <div
          ref={bubble}
          id={id}
          role="tooltip"
          className="popover__bubble"
          style={{
            maxWidth: `min(${POPOVER_MAX_WIDTH_PX}px, calc(100vw - 16px))`,
            ...(shift ? { transform: `translateX(${shift}px)` } : {}),
          }}
        >
          {children}
        </div>
      )}
    </div>
  );
}
