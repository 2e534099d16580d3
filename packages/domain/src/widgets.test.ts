import { describe, expect, it } from 'vitest';
import {
  FIT_TEXT_DELAY_MS,
  ONBOARDING_MAX_WIDTH_PX,
  ONBOARDING_SLIDES_PER_VIEW,
  POPOVER_MAX_WIDTH_PX,
  fitTextSize,
  nextOnboardingStep,
  onboardingDue,
  type OnboardingStep,
} from './widgets.ts';

describe('widget constants (spec 001 §9)', () => {
  it.each<[string, number, number]>([
    ['text-fit delay 100 ms', FIT_TEXT_DELAY_MS, 100],
    ['popover max 400px', POPOVER_MAX_WIDTH_PX, 400],
    ['onboarding 1 slide per view', ONBOARDING_SLIDES_PER_VIEW, 1],
    ['onboarding max 600px', ONBOARDING_MAX_WIDTH_PX, 600],
  ])('%s', (_label, actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('fit-text size (spec 001 §2: font size computed from parent width)', () => {
  it.each<[string, number, number, number]>([
    ['a text that fits keeps its size', 300, 200, 32],
    ['a text exactly as wide as its parent keeps its size', 300, 300, 32],
    ['a text twice too wide is drawn at half size', 150, 300, 16],
    ['a text a third too wide shrinks in proportion, rounded down', 200, 300, 21.3],
    ['a text far too wide stops at the minimum', 40, 400, 12],
    ['nothing measured yet: the design size', 300, 0, 32],
    ['a parent with no width yet: the design size', 0, 300, 32],
  ])('%s (parent %i px, text %i px at 32 px)', (_label, availableWidth, textWidthAtMax, size) => {
    expect(fitTextSize({ maxSize: 32, minSize: 12, availableWidth, textWidthAtMax })).toBe(size);
  });
});

describe('onboarding on first launch (spec 001 §2)', () => {
  const firstLaunch = {
    completed: false,
    masquerading: false,
    pathname: '/login',
    embedded: false,
  };
  it.each<[string, Partial<typeof firstLaunch>, boolean]>([
    ['first launch on the sign-in page', {}, true],
    ['first launch as a guest', { pathname: '/guest/guest-home' }, true],
    ['seen through before on this device', { completed: true }, false],
    ['support masquerade', { masquerading: true }, false],
    ['the update-app page', { pathname: '/update-app-page' }, false],
    ['the update-app page with a trailing slash', { pathname: '/update-app-page/' }, false],
    ['a page embedded in the terms modal', { pathname: '/terms', embedded: true }, false],
  ])('%s', (_label, change, due) => {
    expect(onboardingDue({ ...firstLaunch, ...change })).toBe(due);
  });

  it.each<[number, number, OnboardingStep]>([
    [0, 4, { kind: 'slide', index: 1 }],
    [2, 4, { kind: 'slide', index: 3 }],
    [3, 4, { kind: 'done' }],
    [0, 1, { kind: 'done' }],
  ])('Next on slide %i of %i: %o', (index, count, step) => {
    expect(nextOnboardingStep(index, count)).toEqual(step);
  });
});
