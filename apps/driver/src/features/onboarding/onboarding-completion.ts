import { storage } from '../../lib/storage.ts';

/** Kept on the device: the onboarding shows once per device (spec 001 §2). */
export const ONBOARDING_COMPLETED_KEY = 'onboardingCompleted';

export async function isOnboardingCompleted(): Promise<boolean> {
  return (await storage.get(ONBOARDING_COMPLETED_KEY)) === 'true';
}

export function markOnboardingCompleted(): Promise<void> {
  return storage.set(ONBOARDING_COMPLETED_KEY, 'true');
}
