// spec 001 §2, §9: the rules of the shared widgets (fit-text, popover, onboarding).

/** spec 001 §9: the fit-text directive recomputes this long after a resize. */
export const FIT_TEXT_DELAY_MS = 100;
/** spec 001 §9: a popover is at most 400 px wide. */
export const POPOVER_MAX_WIDTH_PX = 400;
/** spec 001 §9: the onboarding carousel shows one slide per view, at most 600 px wide. */
export const ONBOARDING_SLIDES_PER_VIEW = 1;
export const ONBOARDING_MAX_WIDTH_PX = 600;

export interface FitTextInput {
  /** The size the text is drawn at when it fits (its design size), in px. */
  maxSize: number;
  /** Below this the text is not shrunk further (it is cut with an ellipsis instead), in px. */
  minSize: number;
  /** The width the parent gives the text, in px. */
  availableWidth: number;
  /** The text's width on one line at maxSize, in px. */
  textWidthAtMax: number;
}

/**
 * spec 001 §2: the fit-text size — the font size, from the parent's width, at which the text fits
 * one line: the design size when it fits, shrunk in proportion when it does not (a line's width
 * grows with its font size), never under the minimum. Rounded down to a tenth of a pixel so it
 * never rounds up into overflow. Nothing measured yet (0 wide): the design size.
 */
export function fitTextSize({
  maxSize,
  minSize,
  availableWidth,
  textWidthAtMax,
}: FitTextInput): number {
  if (textWidthAtMax <= 0 || availableWidth <= 0) return maxSize;
  if (textWidthAtMax <= availableWidth) return maxSize;
  const fitting = Math.floor(((maxSize * availableWidth) / textWidthAtMax) * 10) / 10;
  return Math.max(minSize, Math.min(maxSize, fitting));
}

/** Where the onboarding must not open: the update notice (the app cannot be used). */
const NO_ONBOARDING_PATHS = ['/update-app-page'];

export interface OnboardingDueInput {
  /** This device has seen it through (or skipped it) before. */
  completed: boolean;
  /** Support staff in masquerade: the app is the driver's, not theirs to learn. */
  masquerading: boolean;
  pathname: string;
  /** A page shown inside another (the terms modal's frame). */
  embedded: boolean;
}

/**
 * spec 001 §2: the onboarding modal shows on the first launch on a device — not once completed,
 * not in support masquerade, not on the update-app page and not inside an embedded page.
 */
export function onboardingDue({
  completed,
  masquerading,
  pathname,
  embedded,
}: OnboardingDueInput): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return !completed && !masquerading && !embedded && !NO_ONBOARDING_PATHS.includes(path);
}

export type OnboardingStep = { kind: 'slide'; index: number } | { kind: 'done' };

/** spec 001 §2, §4: Next advances; with no further slide the onboarding closes, completed. */
export function nextOnboardingStep(index: number, slideCount: number): OnboardingStep {
  return index + 1 < slideCount ? { kind: 'slide', index: index + 1 } : { kind: 'done' };
}
