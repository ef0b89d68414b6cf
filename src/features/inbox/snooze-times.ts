import { UI_LOCALE } from '@/lib/format';

/** How the inbox writes when a snooze ends: on rows, in the open conversation and in the menu. */

const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();
const timeOnly = new Intl.DateTimeFormat(UI_LOCALE, { hour: 'numeric', minute: '2-digit' });
const weekdayTime = new Intl.DateTimeFormat(UI_LOCALE, {
  weekday: 'short',
  hour: 'numeric',
  minute: '2-digit',
});
const dateTime = new Intl.DateTimeFormat(UI_LOCALE, {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** A wake time as short as it can be read: "6:00 PM" today, "Fri 9:00 AM" within a week, else the date. */
export function formatWakeTime(value: Date | string, now: Date): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  if (sameDay(date, now)) return timeOnly.format(date);
  const days = (date.getTime() - now.getTime()) / (24 * 60 * 60 * 1000);
  return days > 0 && days < 6 ? weekdayTime.format(date) : dateTime.format(date);
}
