import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { onboardingDue } from '@evc/domain';
import {
  isOnboardingCompleted,
  markOnboardingCompleted,
} from '../../features/onboarding/onboarding-completion.ts';
import { useMasquerade } from '../../lib/masquerade/masquerade-state.ts';
import { useVersionStatus } from '../start-up.ts';

/** The onboarding's slides and illustrations: fetched only on a device that has not seen them. */
const OnboardingModal = lazy(() =>
  import('../../features/onboarding/onboarding-modal.tsx').then((module) => ({
    default: module.OnboardingModal,
  })),
);

/**
 * spec 001 §2: the onboarding modal on the first launch on this device, once the version check
 * has let the app in; never in support masquerade, on the update-app page or in an embedded page.
 */
export function FirstLaunchOnboarding() {
  const { pathname, search } = useLocation();
  const { on: masquerading } = useMasquerade();
  const versionStatus = useVersionStatus();
  // Not known until the device's storage has answered: nothing shows meanwhile.
  const [completed, setCompleted] = useState<boolean | null>(null);
  const [requested, setRequested] = useState(false);

  useEffect(() => {
    let current = true;
    void isOnboardingCompleted().then((done) => {
      if (current) setCompleted(done);
    });
    return () => {
      current = false;
    };
  }, []);

  const shown =
    completed === false &&
    versionStatus === 'accepted' &&
    onboardingDue({
      completed,
      masquerading,
      pathname,
      embedded: new URLSearchParams(search).has('embedded'),
    });

  // Once asked for, the modal stays mounted so that it closes with its animation.
  if (shown && !requested) setRequested(true);

  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <OnboardingModal
        isOpen={shown}
        onClose={({ hasCompleted }) => {
          if (!hasCompleted) return;
          setCompleted(true);
          void markOnboardingCompleted();
        }}
      />
    </Suspense>
  );
}
