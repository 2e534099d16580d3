import { act, fireEvent, render, screen } from '@testing-library/react';
import { IonApp } from '@ionic/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import { OnboardingModal } from './onboarding-modal.tsx';

const scrollTo = vi.fn();

beforeEach(() => {
  scrollTo.mockClear();
  Element.prototype.scrollTo = scrollTo;
});

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

async function open(onClose = vi.fn()) {
  render(
    <IonApp>
      <OnboardingModal isOpen onClose={onClose} />
    </IonApp>,
  );
  await screen.findByText('Find a charger');
  return onClose;
}

const shownTitle = () =>
  document.querySelector('.onboarding-slide:not([aria-hidden="true"]) h2')?.textContent;
const bullets = () => [...document.querySelectorAll('.onboarding-carousel__bullet')];
const next = () => document.querySelector('.onboarding-modal__next') as Element;

describe('OnboardingModal (spec 001 §2)', () => {
  it('shows four slides, each an illustration, a title and a description, one at a time', async () => {
    await open();
    const slides = document.querySelectorAll('.onboarding-slide');
    expect(slides).toHaveLength(4);
    for (const slide of slides) {
      expect(slide.querySelector('.onboarding-slide__image svg')).not.toBeNull();
      expect(slide.querySelector('h2')?.textContent).not.toBe('');
      expect(slide.querySelector('.onboarding-slide__description')?.textContent).not.toBe('');
    }
    expect(shownTitle()).toBe('Find a charger');
    // The description's emphasis comes from the translation as elements, not as markup text.
    expect(slides[0]?.querySelector('.onboarding-slide__description strong')?.textContent).toBe(
      'map',
    );
  });

  it('walks the slides with Next and closes after the last, completed', async () => {
    const onClose = await open();
    expect(next().textContent).toBe('Next');
    const titles = [shownTitle()];
    for (let step = 0; step < 3; step += 1) {
      fireEvent.click(next());
      titles.push(shownTitle());
    }
    expect(titles).toEqual([
      'Find a charger',
      'Pay your way',
      'Plug in and start',
      'Follow it, then stop',
    ]);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(next());
    expect(onClose).toHaveBeenCalledWith({ hasCompleted: true });
  });

  it('jumps to a slide with its bullet', async () => {
    await open();
    expect(bullets()).toHaveLength(4);
    expect(bullets()[0]?.getAttribute('aria-current')).toBe('step');
    fireEvent.click(bullets()[2] as Element);
    expect(shownTitle()).toBe('Plug in and start');
    expect(bullets()[2]?.getAttribute('aria-current')).toBe('step');
    expect(bullets()[0]?.getAttribute('aria-current')).toBeNull();
    expect(bullets()[2]?.getAttribute('aria-label')).toBe('Slide 3 of 4');
  });

  it('closes completed on Skip in its header', async () => {
    const onClose = await open();
    const skip = document.querySelector('.onboarding-modal .modal-container__close');
    expect(skip?.textContent).toBe('Skip');
    fireEvent.click(skip as Element);
    expect(onClose).toHaveBeenCalledWith({ hasCompleted: true });
  });

  it('follows a swipe: the slide scrolled into view becomes the current one', async () => {
    await open();
    const track = document.querySelector('.onboarding-carousel__track') as HTMLElement;
    Object.defineProperty(track, 'clientWidth', { value: 360, configurable: true });
    track.scrollLeft = 360;
    fireEvent.scroll(track);
    expect(shownTitle()).toBe('Pay your way');
  });

  it('speaks the driver’s language', async () => {
    await act(() => i18n.changeLanguage('cy'));
    render(
      <IonApp>
        <OnboardingModal isOpen onClose={vi.fn()} />
      </IonApp>,
    );
    expect(await screen.findByText('Dod o hyd i wefrydd')).toBeTruthy();
    expect(next().textContent).toBe('Nesaf');
  });
});
