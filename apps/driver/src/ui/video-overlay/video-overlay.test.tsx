import { fireEvent, render, screen } from '@testing-library/react';
import { IonApp } from '@ionic/react';
import { describe, expect, it, vi } from 'vitest';
import { VideoOverlay } from './video-overlay.tsx';

describe('VideoOverlay (spec 001 §2)', () => {
  it('embeds the player and emits closed from both close controls', async () => {
    const onClosed = vi.fn();
    render(
      <IonApp>
        <VideoOverlay isOpen videoUrl="https://video.example/how-to" onClosed={onClosed} />
      </IonApp>,
    );
    const frame = await screen.findByTitle('How to use the app');
    expect(frame.getAttribute('src')).toBe('https://video.example/how-to');
    expect(frame.classList).toContain('video-overlay__frame');

    fireEvent.click(document.querySelector('.modal-container__close') as Element);
    fireEvent.click(screen.getByText('Close'));
    expect(onClosed).toHaveBeenCalledTimes(2);
  });
});
