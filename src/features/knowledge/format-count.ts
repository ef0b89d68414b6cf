import { UI_LOCALE } from '@/lib/format';

const countFormat = new Intl.NumberFormat(UI_LOCALE);

/** 100000 -> "100,000": counts and limits shown to people. */
export function formatCount(count: number): string {
  return countFormat.format(count);
}

/** "1 character", "1,204 characters". */
export function formatCountOf(count: number, noun: string): string {
  return `${formatCount(count)} ${noun}${count === 1 ? '' : 's'}`;
}
