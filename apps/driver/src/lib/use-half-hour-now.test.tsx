import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useHalfHourNow } from './use-half-hour-now.ts';

describe('useHalfHourNow (issue 19: the price now moves on with the clock)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-12T16:59:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('moves on at the next half hour, and not before', () => {
    const { result } = renderHook(() => useHalfHourNow());
    expect(result.current.toISOString()).toBe('2026-01-12T16:59:00.000Z');
    act(() => {
      vi.advanceTimersByTime(59_000);
    });
    expect(result.current.toISOString()).toBe('2026-01-12T16:59:00.000Z');
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(result.current.toISOString()).toBe('2026-01-12T17:00:00.000Z');
    act(() => {
      vi.advanceTimersByTime(30 * 60_000);
    });
    expect(result.current.toISOString()).toBe('2026-01-12T17:30:00.000Z');
  });

  it('catches up when the app comes back to the screen', () => {
    const { result } = renderHook(() => useHalfHourNow());
    vi.setSystemTime(new Date('2026-01-12T18:10:00Z'));
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(result.current.toISOString()).toBe('2026-01-12T18:10:00.000Z');
  });
});
