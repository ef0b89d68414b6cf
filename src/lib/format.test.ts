import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDuration, formatRelativeTime } from './format';

const now = Date.parse('2026-11-21T12:00:00Z');

describe('formatRelativeTime', () => {
  it.each([
    ['2026-11-21T11:59:40Z', 'just now'],
    ['2026-11-21T11:59:10Z', '1 minute ago'],
    ['2026-11-21T11:55:00Z', '5 minutes ago'],
    ['2026-11-21T09:00:00Z', '3 hours ago'],
    ['2026-11-20T12:00:00Z', 'yesterday'],
    ['2026-11-07T12:00:00Z', '2 weeks ago'],
    ['2025-11-01T12:00:00Z', 'last year'],
    ['2026-11-21T14:00:00Z', 'in 2 hours'],
  ])('formats %s as "%s"', (value, expected) => {
    expect(formatRelativeTime(value, { now, locale: 'en' })).toBe(expected);
  });

  it('returns an empty string for an unreadable time', () => {
    expect(formatRelativeTime('not a date', { now })).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('formatDuration', () => {
  it.each([
    [1, '1 second'],
    [42, '42 seconds'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [900, '15 minutes'],
    [3600, '1 hour'],
    [3900, '1 hour 5 minutes'],
  ])('formats %i s as "%s"', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });
});
