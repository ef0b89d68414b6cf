import { CHANNELS, type Channel } from './conversation.ts';
import { CUSTOM_PERIOD_MAX_DAYS, daysBetween, isCalendarDate } from './calendar-dates.ts';

/**
 * The conversations behind one report figure, as the inbox's address carries them (`report`,
 * `report_from`, `report_to`, and optionally `report_channel`, `report_person`, `report_rating`), shared by
 * the reports (which write the links), the inbox (which shows the filter) and the BFF (which turns it into
 * conversation ids with the figures' own definitions, src/server/reports/conversation-facts.ts).
 *
 * Scopes, each over the conversations started in the period: `started` (all of them), `handed` (handed to
 * a person), `assistant_alone` (never handed), `first_reply` (a staff reply after the handoff; the person
 * who answered first), `closed`, `replied` (a staff reply; the person who replied) and `rated` (a
 * shopper's rating; the rated author, `assistant` for the assistant's, and the stars).
 */
export const REPORT_SCOPES = [
  'started',
  'handed',
  'assistant_alone',
  'first_reply',
  'closed',
  'replied',
  'rated',
] as const;
export type ReportScope = (typeof REPORT_SCOPES)[number];

/** The rated author standing for the assistant's own answers (which have no author). */
export const ASSISTANT_AUTHOR = 'assistant';

export interface ReportFilter {
  scope: ReportScope;
  from: string;
  to: string;
  channel?: Channel;
  person?: string;
  rating?: number;
}

/** Every parameter of the filter in the address (so clearing it removes each). */
export const REPORT_FILTER_PARAMS = [
  'report',
  'report_from',
  'report_to',
  'report_channel',
  'report_person',
  'report_rating',
] as const;

type Raw = Partial<Record<(typeof REPORT_FILTER_PARAMS)[number], string | undefined>>;

/**
 * The filter of an address or a query; undefined without `report`, null when it is there but unusable
 * (unknown scope or channel, dates that do not exist, reversed or over CUSTOM_PERIOD_MAX_DAYS).
 */
export function readReportFilter(raw: Raw): ReportFilter | null | undefined {
  if (raw.report === undefined) return undefined;
  const scope = REPORT_SCOPES.find((value) => value === raw.report);
  const { report_from: from, report_to: to, report_channel: channel, report_person: person } = raw;
  if (!scope || !from || !to || !isCalendarDate(from) || !isCalendarDate(to)) return null;
  if (from > to || daysBetween(from, to) > CUSTOM_PERIOD_MAX_DAYS) return null;
  const known = CHANNELS.find((value) => value === channel);
  if (channel !== undefined && !known) return null;
  if (person !== undefined && (person === '' || person.length > 255)) return null;
  const rating = raw.report_rating;
  if (rating !== undefined && !/^[1-5]$/.test(rating)) return null;
  return {
    scope,
    from,
    to,
    ...(known ? { channel: known } : {}),
    ...(person !== undefined ? { person } : {}),
    ...(rating !== undefined ? { rating: Number(rating) } : {}),
  };
}

/** The filter's parameters, as the inbox's address and the BFF's query carry them. */
export function reportFilterParams(filter: ReportFilter): Record<string, string> {
  return {
    report: filter.scope,
    report_from: filter.from,
    report_to: filter.to,
    ...(filter.channel ? { report_channel: filter.channel } : {}),
    ...(filter.person !== undefined ? { report_person: filter.person } : {}),
    ...(filter.rating !== undefined ? { report_rating: String(filter.rating) } : {}),
  };
}

/** The inbox listing exactly the conversations behind a figure, whatever their status. */
export const inboxLinkOf = (filter: ReportFilter): string =>
  `/inbox?${new URLSearchParams({ status: 'any', ...reportFilterParams(filter) }).toString()}`;
