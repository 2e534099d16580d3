import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { INSTALL_DISMISSED_KEY } from '../../lib/install-prompt.ts';
import { InstallPrompt } from './install-prompt.tsx';

function installEvent() {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  const prompt = vi.fn(() => Promise.resolve());
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome: 'accepted' }) });
  return { event, prompt };
}

describe('InstallPrompt', () => {
  it('offers Install when the browser fires beforeinstallprompt, and installs on click', async () => {
    render(<InstallPrompt />);
    expect(screen.queryByText('Install')).toBeNull();
    const { event, prompt } = installEvent();

    act(() => {
      window.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
    await act(async () => {
      fireEvent.click(screen.getByText('Install'));
      await Promise.resolve();
    });

    expect(prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Install')).toBeNull();
  });

  it('remembers a dismissal for good: later visits never show it again', () => {
    const first = render(<InstallPrompt />);
    act(() => {
      window.dispatchEvent(installEvent().event);
    });
    fireEvent.click(screen.getByText('Not now'));
    expect(window.localStorage.getItem(INSTALL_DISMISSED_KEY)).toBe('true');
    expect(screen.queryByText('Install')).toBeNull();
    first.unmount();

    render(<InstallPrompt />);
    act(() => {
      window.dispatchEvent(installEvent().event);
    });
    expect(screen.queryByText('Install')).toBeNull();
  });

  it('explains the share menu on iOS Safari instead of an Install button', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    );
    render(<InstallPrompt />);
    expect(screen.getByText(/Add to Home Screen/)).toBeTruthy();
    expect(screen.queryByText('Install')).toBeNull();
  });

  it('stays hidden when the app already runs installed (standalone)', () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({ matches: query.includes('standalone'), media: query }) as MediaQueryList,
    );
    render(<InstallPrompt />);
    act(() => {
      window.dispatchEvent(installEvent().event);
    });
    expect(screen.queryByText('Install')).toBeNull();
  });
});
