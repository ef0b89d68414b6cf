import { UI_LOCALE } from '@/lib/format';

const formatter = new Intl.DateTimeFormat(UI_LOCALE, { dateStyle: 'medium', timeStyle: 'medium' });

/** A version's time to the second: two saves a few seconds apart must read apart. */
export function formatVersionTime(version: string): string {
  const date = new Date(version);
  return Number.isNaN(date.getTime()) ? version : formatter.format(date);
}
