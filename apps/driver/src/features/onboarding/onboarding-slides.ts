import findACharger from './images/find-a-charger.svg?raw';
import pay from './images/pay.svg?raw';
import plugInAndStart from './images/plug-in-and-start.svg?raw';
import followAndStop from './images/follow-and-stop.svg?raw';

export interface OnboardingSlideContent {
  /** Names its title and description under onboarding.slides. */
  key: 'find' | 'pay' | 'start' | 'follow';
  /** The illustration: an SVG file of this folder, drawn inline so the brand's colours reach it. */
  image: string;
}

/** What a first-time driver learns: find a charger, pay, charge, then stop and release the cable. */
export const ONBOARDING_SLIDES: readonly OnboardingSlideContent[] = [
  { key: 'find', image: findACharger },
  { key: 'pay', image: pay },
  { key: 'start', image: plugInAndStart },
  { key: 'follow', image: followAndStop },
];
