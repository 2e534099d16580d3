import { createRef } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DebounceButton, type DebounceButtonHandle } from './debounce-button.tsx';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('DebounceButton', () => {
  it('emits one click per period and shows a spinner while the period runs', () => {
    const onClick = vi.fn();
    render(<DebounceButton onDebouncedClick={onClick}>Pay</DebounceButton>);
    const button = screen.getByText('Pay').closest('ion-button');
    if (!button) throw new Error('no button');

    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(button.querySelector('ion-spinner')).not.toBeNull();

    act(() => {
      vi.advanceTimersByTime(999);
    });
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);

    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(button.querySelector('ion-spinner')).toBeNull();
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('honours a custom period and can be cleared early through its ref', () => {
    const onClick = vi.fn();
    const ref = createRef<DebounceButtonHandle>();
    render(
      <DebounceButton ref={ref} debounceMs={5000} onDebouncedClick={onClick}>
        Start
      </DebounceButton>,
    );
    const button = screen.getByText('Start').closest('ion-button');
    if (!button) throw new Error('no button');

    fireEvent.click(button);
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);

    act(() => {
      ref.current?.clear();
    });
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(2);
  });
});
