import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { FIT_TEXT_DELAY_MS, fitTextSize } from '@evc/domain';
import './fit-text.css';

export interface FitTextOptions {
  /** The size drawn when the text fits, in px; by default the element's own CSS size. */
  maxSize?: number;
  /** Never smaller than this, in px (a longer text is then cut with an ellipsis). */
  minSize?: number;
  /** How long after a resize the size is worked out again (spec 001 §9: 100 ms). */
  delayMs?: number;
}

const DEFAULT_MIN_SIZE = 12;

function horizontalPadding(element: Element): number {
  const style = window.getComputedStyle(element);
  return (parseFloat(style.paddingLeft) || 0) + (parseFloat(style.paddingRight) || 0);
}

/**
 * spec 001 §2: the fit-text directive. Sizes the element's font from its parent's width so its
 * text holds on one line: measured at the largest size, then shrunk in proportion. Worked out
 * again when the text changes and, `delayMs` after the parent last changed size, on a resize.
 * `watch` is what the text is made of: a change measures again at once.
 */
export function useFitText<T extends HTMLElement>(
  watch: unknown,
  { maxSize, minSize = DEFAULT_MIN_SIZE, delayMs = FIT_TEXT_DELAY_MS }: FitTextOptions = {},
) {
  const ref = useRef<T>(null);
  const designSize = useRef<number | null>(null);

  const fit = useCallback(() => {
    const element = ref.current;
    const parent = element?.parentElement;
    if (!element || !parent) return;
    if (designSize.current === null) {
      designSize.current = maxSize ?? (parseFloat(window.getComputedStyle(element).fontSize) || 16);
    }
    const max = designSize.current;
    // Measured at the largest size: a parent sized by its content grows back with it.
    element.style.fontSize = `${max}px`;
    const size = fitTextSize({
      maxSize: max,
      minSize,
      availableWidth: parent.clientWidth - horizontalPadding(parent),
      textWidthAtMax: element.scrollWidth,
    });
    element.style.fontSize = `${size}px`;
  }, [maxSize, minSize]);

  useLayoutEffect(() => {
    fit();
  }, [fit, watch]);

  useEffect(() => {
    const parent = ref.current?.parentElement;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(fit, delayMs);
    };
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(later);
    if (parent) observer?.observe(parent);
    window.addEventListener('resize', later);
    // A web font arriving changes the text's width.
    void document.fonts?.ready.then(later);
    return () => {
      clearTimeout(timer);
      observer?.disconnect();
      window.removeEventListener('resize', later);
    };
  }, [fit, delayMs]);

  return ref;
}

export interface FitTextProps extends FitTextOptions {
  /** The text; kept on one line. */
  children: string;
  className?: string;
  /** For tests and the page's own hooks. */
  'data-testid'?: string;
}

/** A one-line text sized to its parent's width (see useFitText). */
export function FitText({ children, className, maxSize, minSize, delayMs, ...rest }: FitTextProps) {
  const ref = useFitText<HTMLSpanElement>(children, { maxSize, minSize, delayMs });
  return (
    <span
      ref={ref}
      className={['fit-text', className].filter(Boolean).join(' ')}
      data-testid={rest['data-testid']}
      title={children}
    >
      {children}
    </span>
  );
}
