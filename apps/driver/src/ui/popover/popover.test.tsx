import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Popover } from './popover.tsx';

function showPopover(placement?: 'top' | 'bottom', onOpenChange?: (open: boolean) => void) {
  render(
    <div>
      Overstay fee{' '}
      <Popover label="What is this?" placement={placement} onOpenChange={onOpenChange}>
        Charged per period once the grace period is over.
      </Popover>
    </div>,
  );
  return screen.getByRole('button', { name: 'What is this?' });
}

const tooltip = () => screen.queryByRole('tooltip');

describe('Popover', () => {
  it('is hidden by default', () => {
    const link = showPopover();
    expect(tooltip()).toBeNull();
    expect(link.getAttribute('aria-describedby')).toBeNull();
  });

  it('shows on hover of its link, described by it, and hides on mouse-out', () => {
    const onOpenChange = vi.fn();
    const link = showPopover(undefined, onOpenChange);
    fireEvent.pointerOver(link, { pointerType: 'mouse' });
    const shown = tooltip();
    expect(shown?.textContent).toBe('Charged per period once the grace period is over.');
    expect(link.getAttribute('aria-describedby')).toBe(shown?.id);
    fireEvent.pointerOut(link, { pointerType: 'mouse' });
    expect(tooltip()).toBeNull();
    expect(onOpenChange.mock.calls).toEqual([[true], [false]]);
  });

  it.each(['top', 'bottom'] as const)('sits at the %s of its link', (placement) => {
    const link = showPopover(placement);
    fireEvent.pointerOver(link, { pointerType: 'mouse' });
    expect(tooltip()?.closest('.popover')?.classList).toContain(`popover--${placement}`);
  });

  it('sits below its link by default', () => {
    const link = showPopover();
    expect(link.closest('.popover')?.classList).toContain('popover--bottom');
  });

  it('shows while the link has keyboard focus, and Escape hides it', () => {
    const link = showPopover();
    fireEvent.focus(link);
    expect(tooltip()).not.toBeNull();
    fireEvent.keyDown(link, { key: 'Escape' });
    expect(tooltip()).toBeNull();
    fireEvent.focus(link);
    fireEvent.blur(link);
    expect(tooltip()).toBeNull();
  });

  it('opens and closes with taps on a phone, a touch not counting as hover', () => {
    const link = showPopover();
    fireEvent.pointerOver(link, { pointerType: 'touch' });
    expect(tooltip()).toBeNull();
    // A tap focuses the link, then clicks it: it stays open until the next tap.
    fireEvent.focus(link);
    fireEvent.click(link);
    expect(tooltip()).not.toBeNull();
    fireEvent.click(link);
    expect(tooltip()).toBeNull();
  });

  it('keeps itself on the screen near the right edge', () => {
    const link = showPopover();
    // jsdom lays nothing out: the popover is said to start 100px from the right edge, 300px wide.
    const measure = vi
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockImplementation(function (this: HTMLElement) {
        return this.getAttribute('role') === 'tooltip'
          ? DOMRect.fromRect({ x: window.innerWidth - 100, y: 0, width: 300, height: 40 })
          : DOMRect.fromRect();
      });
    try {
      fireEvent.pointerOver(link, { pointerType: 'mouse' });
      expect(tooltip()?.style.transform).toBe('translateX(-208px)');
    } finally {
      measure.mockRestore();
    }
  });
});
