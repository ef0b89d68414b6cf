/**
 * When a snooze ends, offered as presets in the person's own time zone (the browser's), as support
 * desks do: in an hour, this evening, tomorrow morning, next week.
 */
export type SnoozePreset = { id: string; label: string; until: Date };

const EVENING_HOUR = 18;
const MORNING_HOUR = 9;
/** "This evening" is offered until an hour before it. */
const EVENING_OFFERED_UNTIL_HOUR = EVENING_HOUR - 1;

const at = (day: Date, hour: number) => {
  const date = new Date(day);
  date.setHours(hour, 0, 0, 0);
  return date;
};

const addDays = (day: Date, days: number) => {
  const date = new Date(day);
  date.setDate(date.getDate() + days);
  return date;
};

export function snoozePresets(now: Date): SnoozePreset[] {
  const presets: SnoozePreset[] = [
    { id: 'hour', label: 'In an hour', until: new Date(now.getTime() + 60 * 60 * 1000) },
  ];
  if (now.getHours() < EVENING_OFFERED_UNTIL_HOUR)
    presets.push({ id: 'evening', label: 'This evening', until: at(now, EVENING_HOUR) });
  presets.push({ id: 'tomorrow', label: 'Tomorrow morning', until: at(addDays(now, 1), MORNING_HOUR) });
  // Monday morning of the coming week (a week ahead on a Monday).
  const daysToMonday = (8 - now.getDay()) % 7 || 7;
  presets.push({ id: 'next-week', label: 'Next week', until: at(addDays(now, daysToMonday), MORNING_HOUR) });
  return presets;
}

/** The value of a `datetime-local` field for a time in the browser's zone ("2026-11-27T09:00"). */
export function toLocalInput(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The time a `datetime-local` field names, in the browser's zone; null when it names none. */
export function fromLocalInput(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}
