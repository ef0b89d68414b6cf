/** Small formatting helpers. Times are shown relative ("5 minutes ago") with the absolute time as a title. */

/**
 * The UI's language. Dates and numbers follow it, not the browser's locale: an English UI that says
 * "vor 3 Tagen" in a German browser reads as two languages. The time zone stays the browser's.
 */
export const UI_LOCALE = 'en-US';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 60 * 60],
  ['month', 30 * 24 * 60 * 60],
  ['week', 7 * 24 * 60 * 60],
  ['day', 24 * 60 * 60],
  ['hour', 60 * 60],
  ['minute', 60],
];

/** Intl formatters are costly to build and long lists format thousands of times: one per locale. */
function perLocale<Formatter>(create: (locale: string | undefined) => Formatter) {
  const cache = new Map<string, Formatter>();
  return (locale: string | undefined): Formatter => {
    const key = locale ?? UI_LOCALE;
    let formatter = cache.get(key);
    if (!formatter) {
      formatter = create(locale ?? UI_LOCALE);
      cache.set(key, formatter);
    }
    return formatter;
  };
}

const relativeFormatter = perLocale(
  (locale) => new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'long' }),
);
const dateTimeFormatter = perLocale(
  (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
);

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

/** "just now", "5 minutes ago", "yesterday", "in 3 hours"; an empty string for an unreadable time. */
export function formatRelativeTime(
  value: Date | string | number,
  options: { now?: Date | number; locale?: string } = {},
): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const now = options.now === undefined ? Date.now() : toDate(options.now).getTime();
  const seconds = Math.round((date.getTime() - now) / 1000);
  if (Math.abs(seconds) < 45) return 'just now';
  const formatter = relativeFormatter(options.locale);
  for (const [unit, unitSeconds] of UNITS) {
    if (Math.abs(seconds) >= unitSeconds) return formatter.format(Math.trunc(seconds / unitSeconds), unit);
  }
  return formatter.format(Math.trunc(seconds / 60) || Math.sign(seconds), 'minute');
}

/** The absolute date and time, for a title or a tooltip next to a relative time. */
export function formatDateTime(value: Date | string | number, locale?: string): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateTimeFormatter(locale).format(date);
}

/** A wait for people: "1 second", "42 seconds", "2 minutes", "1 hour 5 minutes" (rounded up to whole minutes past 60 s). */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  if (seconds < 60) return plural(seconds, 'second');
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? plural(hours, 'hour') : `${plural(hours, 'hour')} ${plural(rest, 'minute')}`;
}
