import { useState } from 'react';
import { IonButton } from '@ionic/react';
import { Trans, useTranslation } from 'react-i18next';
import { nextOnboardingStep, ONBOARDING_MAX_WIDTH_PX } from '@evc/domain';
import { ModalContainer } from '../../ui/modal-container/modal-container.tsx';
import { OnboardingCarousel } from './onboarding-carousel.tsx';
import { ONBOARDING_SLIDES } from './onboarding-slides.ts';
import './onboarding.css';

export interface OnboardingResult {
  hasCompleted: boolean;
}

export interface OnboardingModalProps {
  isOpen: boolean;
  /** spec 001 §2: closing after the last slide, or on skip, returns hasCompleted true. */
  onClose: (result: OnboardingResult) => void;
}

/** Descriptions may hold <strong>; drawn from our translations as elements, never as HTML. */
const descriptionTags = { strong: <strong /> };

/**
 * spec 001 §2: the onboarding modal of a first launch — four slides on finding a charger, paying,
 * starting a charge and stopping it; skip in the header, a full-width rounded Next at the bottom.
 */
export function OnboardingModal({ isOpen, onClose }: OnboardingModalProps) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const done = () => onClose({ hasCompleted: true });
  const next = () => {
    const step = nextOnboardingStep(index, ONBOARDING_SLIDES.length);
    if (step.kind === 'done') done();
    else setIndex(step.index);
  };
  const slides = ONBOARDING_SLIDES.map((slide) => ({
    key: slide.key,
    image: slide.image,
    title: t(`onboarding.slides.${slide.key}.title`),
    description: (
      <Trans i18nKey={`onboarding.slides.${slide.key}.description`} components={descriptionTags} />
    ),
  }));
  return (
    <ModalContainer
      isOpen={isOpen}
      onClose={done}
      label={t('onboarding.label')}
      closeLabel={t('onboarding.BUTTON.0')}
      backdropDismiss={false}
      padding="none"
      className="onboarding-modal"
      maxWidthPx={ONBOARDING_MAX_WIDTH_PX}
      actions={
        <IonButton expand="block" shape="round" className="onboarding-modal__next" onClick={next}>
          {t('onboarding.BUTTON.1')}
        </IonButton>
      }
    >
      <OnboardingCarousel slides={slides} index={index} onIndexChange={setIndex} />
    </ModalContainer>
  );
}
