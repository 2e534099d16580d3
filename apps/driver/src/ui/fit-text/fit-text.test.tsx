import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FitText } from './fit-text.tsx';

/** jsdom lays nothing out: a character is drawn half as wide as the font is high. */
const CHARACTER_WIDTH = 0.5;
let parentWidth = 200;
let resized: (() => void) | null = null;

class FakeResizeObserver {
  constructor(callback: () => void) {
    resized = callback;
  }
  observe() {}
  disconnect() {}
}

beforeEach(() => {
  parentWidth = 200;
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return this.classList.contains('fit-text') ? 0 : parentWidth;
  });
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return (this.textContent ?? '').length * parseFloat(this.style.fontSize) * CHARACTER_WIDTH;
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resized = null;
});

const sizeOf = (text: string) => screen.getByText(text).style.fontSize;

function renderName(name: string, options: { delayMs?: number } = {}) {
  return render(
    <h1>
      <FitText maxSize={32} minSize={12} {...options}>
        {name}
      </FitText>
    </h1>,
  );
}

describe('FitText (spec 001 §2 fit-text)', () => {
  it('keeps its size when the text fits the parent', () => {
    renderName('Whitby'); // 6 × 16 = 96 px at 32 px, in 200 px
    expect(sizeOf('Whitby')).toBe('32px');
  });

  it('shrinks a long name so it fits the parent’s width on one line', () => {
    // 25 characters are 400 px at 32 px: half the size fits 200 px.
    renderName('Whitby Harbour North Pier');
    expect(sizeOf('Whitby Harbour North Pier')).toBe('16px');
  });

  it('works the size out again when the text changes', () => {
    const { rerender } = renderName('Whitby');
    rerender(
      <h1>
        <FitText maxSize={32} minSize={12}>
          Whitby Harbour North Pier
        </FitText>
      </h1>,
    );
    expect(sizeOf('Whitby Harbour North Pier')).toBe('16px');
  });

  it('stops at the minimum size', () => {
    renderName('The Longest Charger Name In All Of North Yorkshire Pier Road');
    expect(sizeOf('The Longest Charger Name In All Of North Yorkshire Pier Road')).toBe('12px');
  });

  it('follows a resize of the parent 100 ms later, not before', () => {
    vi.useFakeTimers();
    renderName('Whitby Harbour North Pier');
    parentWidth = 300;
    act(() => resized?.());
    act(() => {
      vi.advanceTimersByTime(99);
    });
    expect(sizeOf('Whitby Harbour North Pier')).toBe('16px');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(sizeOf('Whitby Harbour North Pier')).toBe('24px');
    // Room for all of it again: back to the design size.
    parentWidth = 500;
    act(() => resized?.());
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(sizeOf('Whitby Harbour North Pier')).toBe('32px');
  });

  it('takes another delay when given one', () => {
    vi.useFakeTimers();
    renderName('Whitby Harbour North Pier', { delayMs: 250 });
    parentWidth = 100;
    act(() => resized?.());
    act(() => {
      vi.advanceTimersByTime(249);
    });
    expect(sizeOf('Whitby Harbour North Pier')).toBe('16px');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(sizeOf('Whitby Harbour North Pier')).toBe('12px');
  });
});
