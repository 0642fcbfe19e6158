import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime, useNow } from './dates';
import { formatRelative } from './relative-dates';

afterEach(() => vi.useRealTimers());

describe('dates', () => {
  it('writes date and time in Helsinki time in each language', () => {
    // 12:00 UTC is 14:00 in Helsinki in winter and 15:00 in summer.
    expect(formatDateTime('2025-01-15T12:00:00Z', 'en')).toBe('15 Jan 2025, 14:00');
    expect(formatDateTime('2025-01-15T12:00:00Z', 'fi')).toBe('15.01.2025 14.00');
    expect(formatDateTime('2025-07-01T12:00:00Z', 'fi')).toBe('01.07.2025 15.00');
    expect(formatDateTime('2025-01-15T22:05:00Z', 'en')).toBe('16 Jan 2025, 00:05');
    expect(formatDateTime('2025-01-15T22:05:00Z', 'fi')).toBe('16.01.2025 00.05');
    expect(formatDateTime('2025-01-15T10:30:00Z', 'en')).toBe('15 Jan 2025, 12:30');
    expect(formatDateTime('not a date', 'en')).toBe('');
  });

  it('writes relative times', () => {
    const now = Date.parse('2025-01-15T12:00:00Z');
    expect(formatRelative('2025-01-15T11:57:00Z', now, 'en')).toBe('3 minutes ago');
    expect(formatRelative('2025-01-15T11:57:00Z', now, 'fi')).toBe('kolme minuuttia sitten');
  });

  it('never says a listed time is in the future (server clock ahead of the browser)', () => {
    const now = Date.parse('2025-01-15T12:00:00Z');
    expect(formatRelative('2025-01-15T12:00:04Z', now, 'en')).toBe('a few seconds ago');
    expect(formatRelative('2025-01-15T12:02:00Z', now, 'en')).toBe('a few seconds ago');
    expect(formatRelative('2025-01-15T12:00:04Z', now, 'fi')).toBe('muutama sekunti sitten');
  });

  it('refreshes the current time every 15 s', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-01-15T12:00:00Z'));
    const { result } = renderHook(() => useNow());
    const first = result.current;
    act(() => vi.advanceTimersByTime(14_999));
    expect(result.current).toBe(first);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(first + 15_000);
  });
});
