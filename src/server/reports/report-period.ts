import { daysBetween, PERIOD_DAYS, type ReportQuery } from '../../schemas/reports.ts';

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function dateIn(timeZone: string, instantMs: number): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instantMs);
}

const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A period of whole days (YYYY-MM-DD, both included) in an IANA time zone. */
export interface ReportPeriodDays {
  from: string;
  to: string;
  timeZone: string;
}

/** The query's days: a preset ends today in the store's time zone; a custom period is taken as given. */
export function periodDays(query: ReportQuery, timeZone: string, nowMs: number): ReportPeriodDays {
  if (query.period !== 'custom') {
    const to = dateIn(timeZone, nowMs);
    return { from: addDays(to, 1 - PERIOD_DAYS[query.period]), to, timeZone };
  }
  // The schema requires both dates for a custom period.
  return { from: query.from!, to: query.to!, timeZone };
}

/** The period of the same length just before this one (to compare a period's figures with). */
export function previousPeriod(period: ReportPeriodDays): ReportPeriodDays {
  const to = addDays(period.from, -1);
  return { from: addDays(to, 1 - daysBetween(period.from, period.to)), to, timeZone: period.timeZone };
}
