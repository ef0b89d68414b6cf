import { z } from 'zod/mini';
import { CUSTOM_PERIOD_MAX_DAYS, daysBetween, isCalendarDate } from './calendar-dates.ts';

export { CUSTOM_PERIOD_MAX_DAYS, daysBetween, isCalendarDate };

/**
 * The owner's reports (`GET /bff/reports`, `GET /bff/reports/conversations.csv`), shared by the BFF and the
 * SPA. Every figure is computed by the BFF from the dashboard's own copy of the store's conversations,
 * messages and their history, for a period of whole days in the store's time zone.
 */

export const REPORT_PERIODS = ['7d', '30d', '90d', 'custom'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
/** Days of the preset periods: today and the days before it. */
export const PERIOD_DAYS = { '7d': 7, '30d': 30, '90d': 90 } as const;
/** How many "what shoppers asked before a handoff" the report lists (newest first). */
export const ASKED_BEFORE_HANDOFF_MAX = 50;
/** Longest shopper message quoted in that list, in characters. */
export const ASKED_MAX_CHARS = 500;

const calendarDate = z
  .string()
  .check(z.refine(isCalendarDate, { error: 'Write the date as YYYY-MM-DD (a date that exists).' }));

/**
 * The query: a preset period, or `custom` with `from` and `to` (both included). Nothing else is accepted,
 * and a preset with dates is refused rather than the dates ignored.
 */
export const reportQuerySchema = z
  .strictObject({
    period: z.enum(REPORT_PERIODS),
    from: z.optional(calendarDate),
    to: z.optional(calendarDate),
  })
  .check(
    z.refine(
      (query) => (query.period === 'custom') === (query.from !== undefined && query.to !== undefined),
      {
        error: 'A custom period needs from and to; a preset period takes neither.',
        path: ['from'],
      },
    ),
    z.refine(
      (query) =>
        query.from === undefined ||
        query.to === undefined ||
        (query.from <= query.to && daysBetween(query.from, query.to) <= CUSTOM_PERIOD_MAX_DAYS),
      {
        error: `from must not be after to, and a period covers at most ${CUSTOM_PERIOD_MAX_DAYS} days.`,
        path: ['to'],
      },
    ),
  );
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** Median and 90th percentile of a duration, in seconds (null when there is nothing to measure). */
const durationSchema = z.looseObject({
  count: z.int(),
  median_seconds: z.nullable(z.number()),
  p90_seconds: z.nullable(z.number()),
});
export type DurationFigure = z.infer<typeof durationSchema>;

const dayRowSchema = z.looseObject({
  /** YYYY-MM-DD in the store's time zone. */
  date: z.string(),
  started: z.int(),
  website: z.int(),
  messaging_a: z.int(),
  messaging_b: z.int(),
  /** Of the conversations started that day, those handed to a person (now or at any time seen). */
  handed_to_person: z.int(),
});
export type ReportDay = z.infer<typeof dayRowSchema>;

const ratingsSchema = z.looseObject({
  /** Null for the assistant (and replies no person is named for); else the staff member's store user id. */
  author_user_id: z.nullable(z.string()),
  count: z.int(),
  average: z.nullable(z.number()),
  /** How many ratings of 1, 2, 3, 4 and 5 stars (in that order). */
  distribution: z.array(z.int()),
});
export type RatingsRow = z.infer<typeof ratingsSchema>;

const staffRowSchema = z.looseObject({
  author_user_id: z.string(),
  conversations_replied: z.int(),
  /** Conversations whose first reply after the handoff was this person's. */
  first_replies: z.int(),
  /** Median time from a handoff to this person's reply, over the handoffs they answered first. */
  median_first_reply_seconds: z.nullable(z.number()),
  ratings: z.int(),
  average_rating: z.nullable(z.number()),
});
export type StaffRow = z.infer<typeof staffRowSchema>;

const busyCellSchema = z.looseObject({
  /** ISO day of the week: 1 Monday ... 7 Sunday, in the store's time zone. */
  weekday: z.int(),
  hour: z.int(),
  shopper_messages: z.int(),
});
export type BusyCell = z.infer<typeof busyCellSchema>;

const askedSchema = z.looseObject({
  conversation_id: z.string(),
  display_name: z.nullable(z.string()),
  handed_at: z.string(),
  /** The shopper's last message before the handoff (null when the copy has none). */
  content: z.nullable(z.string()),
});
export type AskedBeforeHandoff = z.infer<typeof askedSchema>;

const periodSchema = z.looseObject({ from: z.string(), to: z.string(), time_zone: z.string() });

const totalsSchema = z.looseObject({
  started: z.int(),
  handed_to_person: z.int(),
  /** handed_to_person / started, 0 to 1 (null with no conversation started). */
  handoff_rate: z.nullable(z.number()),
});

/** The headline figures of the period of the same length just before, to show the change. */
const headlineSchema = z.looseObject({
  period: periodSchema,
  totals: totalsSchema,
  first_staff_reply: durationSchema,
  time_to_close: durationSchema,
});
export type ReportHeadline = z.infer<typeof headlineSchema>;

export const reportSchema = z.looseObject({
  period: periodSchema,
  /**
   * How far the copy has got: conversations copied, of those the store feed knows of, and of those copied
   * the ones whose transcript is read (their messages, ratings and past are in the copy).
   */
  coverage: z.looseObject({
    copied: z.int(),
    known: z.int(),
    transcripts_read: z.int(),
    complete: z.boolean(),
  }),
  totals: totalsSchema,
  previous: headlineSchema,
  days: z.array(dayRowSchema),
  first_staff_reply: durationSchema,
  time_to_close: durationSchema,
  ratings: z.array(ratingsSchema),
  staff: z.array(staffRowSchema),
  busiest_hours: z.array(busyCellSchema),
  asked_before_handoff: z.array(askedSchema),
});
export type Report = z.infer<typeof reportSchema>;

export const reportAnswerSchema = z.looseObject({ data: reportSchema });

/**
 * The conversations CSV's columns, one row per conversation started in the period: the rows every figure
 * of the report counts (people by name, tags joined with "; ").
 */
export const REPORT_CSV_COLUMNS = [
  'conversation_id',
  'started_at',
  'started_on',
  'channel',
  'status',
  'display_name',
  'assignee',
  'tags',
  'handed_to_person',
  'first_handoff_at',
  'first_staff_reply_at',
  'first_replied_by',
  'seconds_to_first_staff_reply',
  'closed_at',
  'seconds_to_close',
  'shopper_messages',
  'staff_replies',
  'ratings',
  'average_rating',
  'lowest_rating',
] as const;

/** The people CSV's columns: the assistant's ratings, then one row per person of the report's table. */
export const PEOPLE_CSV_COLUMNS = [
  'person',
  'user_id',
  'conversations_replied',
  'first_replies',
  'median_first_reply_seconds',
  'ratings',
  'average_rating',
  'rated_1',
  'rated_2',
  'rated_3',
  'rated_4',
  'rated_5',
] as const;
