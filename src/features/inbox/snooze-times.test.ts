import { describe, expect, it } from 'vitest';
import { fromLocalInput, snoozePresets, toLocalInput } from './snooze-presets';
import { formatWakeTime } from './snooze-times';

const local = (text: string) => new Date(text); // no zone: the test's own (browser) time zone

describe('snooze presets', () => {
  it('offers the evening before 5 PM, tomorrow 9 AM and the coming Monday 9 AM, in local time', () => {
    const thursdayNoon = local('2026-11-26T12:00');
    const presets = snoozePresets(thursdayNoon);
    expect(presets.map((preset) => [preset.id, toLocalInput(preset.until)])).toEqual([
      ['hour', '2026-11-26T13:00'],
      ['evening', '2026-11-26T18:00'],
      ['tomorrow', '2026-11-27T09:00'],
      ['next-week', '2026-11-30T09:00'],
    ]);
  });

  it('leaves the evening out once it is close, and on a Monday means the Monday after', () => {
    const mondayLate = local('2026-11-30T17:30');
    const presets = snoozePresets(mondayLate);
    expect(presets.map((preset) => preset.id)).toEqual(['hour', 'tomorrow', 'next-week']);
    expect(toLocalInput(presets.at(-1)!.until)).toBe('2026-12-07T09:00');
  });

  it('crosses a month and a year', () => {
    const newYearsEve = local('2026-12-31T20:00');
    expect(toLocalInput(snoozePresets(newYearsEve).find((p) => p.id === 'tomorrow')!.until)).toBe(
      '2027-01-01T09:00',
    );
  });
});

describe('wake times', () => {
  const now = local('2026-11-26T12:00');
  it('say only the time today, the weekday within the week, the date beyond', () => {
    expect(formatWakeTime(local('2026-11-26T18:00'), now)).toBe('6:00 PM');
    expect(formatWakeTime(local('2026-11-27T09:00'), now)).toBe('Fri 9:00 AM');
    expect(formatWakeTime(local('2026-12-07T09:00'), now)).toBe('Mon, Dec 7, 9:00 AM');
  });

  it('read a datetime-local value back, and refuse what is none', () => {
    expect(toLocalInput(fromLocalInput('2026-11-27T09:30')!)).toBe('2026-11-27T09:30');
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('tomorrow')).toBeNull();
  });
});
