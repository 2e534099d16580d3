import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface CarouselSlide {
  key: string;
  /** Inline SVG markup from this feature's own files (trusted, never from the network). */
  image: string;
  title: string;
  description?: ReactNode;
}

export interface OnboardingCarouselProps {
  slides: readonly CarouselSlide[];
  index: number;
  /** The driver swiped to a slide or chose its bullet. */
  onIndexChange: (index: number) => void;
}

/**
 * spec 001 §2: a swipeable carousel, one slide per view (CSS scroll snapping: a swipe is the
 * browser's own scrolling), with clickable pagination bullets.
 */
export function OnboardingCarousel({ slides, index, onIndexChange }: OnboardingCarouselProps) {
  const { t } = useTranslation();
  const track = useRef<HTMLDivElement>(null);
  // While the track glides to a chosen slide, the slides it passes are not "swiped to".
  const gliding = useRef<number | null>(null);

  useEffect(() => {
    const element = track.current;
    if (!element || element.clientWidth === 0) return;
    const current = Math.round(element.scrollLeft / element.clientWidth);
    if (current === index) return;
    gliding.current = index;
    element.scrollTo({ left: index * element.clientWidth, behavior: 'smooth' });
  }, [index]);

  const onScroll = () => {
    const element = track.current;
    if (!element || element.clientWidth === 0) return;
    const shown = Math.round(element.scrollLeft / element.clientWidth);
    if (gliding.current !== null) {
      if (shown === gliding.current) gliding.current = null;
      return;
    }
    if (shown !== index) onIndexChange(shown);
  };

  return (
    <div className="onboarding-carousel" aria-roledescription="carousel">
      <div className="onboarding-carousel__track" ref={track} onScroll={onScroll}>
        {slides.map((slide, position) => (
          <section
            key={slide.key}
            className="onboarding-slide"
            aria-roledescription="slide"
            aria-label={t('onboarding.bullet', { number: position + 1, count: slides.length })}
            aria-hidden={position !== index}
            data-slide={slide.key}
          >
            <div
              className="onboarding-slide__image"
              aria-hidden="true"
              // Our own SVG files, bundled with the app: no text from outside reaches this.
              dangerouslySetInnerHTML={{ __html: slide.image }}
            />
            <h2 className="onboarding-slide__title">{slide.title}</h2>
            {slide.description && (
              <p className="onboarding-slide__description">{slide.description}</p>
            )}
          </section>
        ))}
      </div>
      <div className="onboarding-carousel__bullets">
        {slides.map((slide, position) => (
          <button
            key={slide.key}
            type="button"
            className="onboarding-carousel__bullet"
            aria-label={t('onboarding.bullet', { number: position + 1, count: slides.length })}
            aria-current={position === index ? 'step' : undefined}
            onClick={() => onIndexChange(position)}
          />
        ))}
      </div>
    </div>
  );
}
