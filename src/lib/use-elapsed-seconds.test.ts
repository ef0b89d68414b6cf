import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useElapsedSeconds } from './use-elapsed-seconds';

describe('useElapsedSeconds', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-20T10:00:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('counts whole seconds from the start while it is set, and 0 when it is not', () => {
    const start = Date.now();
    const { result, rerender } = renderHook<number, { from: number | null }>(
      ({ from }) => useElapsedSeconds(from),
      {
        initialProps: { from: start },
      },
    );
    expect(result.current).toBe(0);
    act(() => {
      vi.advanceTimersByTime(2500);
    });
    expect(result.current).toBe(2);
    act(() => {
      vi.advanceTimersByTime(61_000);
    });
    expect(result.current).toBe(63);
    rerender({ from: null });
    expect(result.current).toBe(0);
  });
});
