import { fireEvent, render, screen } from '@testing-library/react';
import { IonApp } from '@ionic/react';
import { describe, expect, it, vi } from 'vitest';
import { TermsModal } from './terms-modal.tsx';

describe('TermsModal (spec 000 §2)', () => {
  it('embeds the page without the app’s bars, 80% of the screen high, with a close button', async () => {
    const onClose = vi.fn();
    render(
      <IonApp>
        <TermsModal isOpen onClose={onClose} src="/privacy" title="Privacy policy" />
      </IonApp>,
    );
    const frame = await screen.findByTitle('Privacy policy');
    expect(frame.getAttribute('src')).toBe('/privacy?embedded=1');
    expect(frame.style.height).toBe('80dvh');
    fireEvent.click(screen.getByText('Close'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
