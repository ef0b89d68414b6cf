import { sql, type SQL } from 'drizzle-orm';
import {
  ASKED_BEFORE_HANDOFF_MAX,
  ASKED_MAX_CHARS,
  type AskedBeforeHandoff,
  type BusyCell,
  type DurationFigure,
  type RatingsRow,
  type Report,
  type ReportDay,
  type ReportHeadline,
  type StaffRow,
} from '../../schemas/reports.ts';
import type { Db } from '../db/database.ts';
import { withDatabase } from '../db/database.ts';
import { PAST_UNREAD } from '../history/transcript-past.ts';
import { conversations } from '../db/schema.ts';
import { previousPeriod, type ReportPeriodDays } from './report-period.ts';
import type { ReportFilter } from '../../schemas/report-filter.ts';
import {
  bounds,
  CLOSED,
  conversationIdsQuery,
  conversationRowsQuery,
  factsOf,
  FIRST_REPLIED,
  HANDED,
  iso,
  RATED,
  STAFF_REPLY,
} from './conversation-facts.ts';

/** How far the dashboard's copy has got, as the store feed knows it. */
export interface FeedCoverage {
  /** Conversations the feed has listed so far. */
  known: number;
  /** The feed has listed the whole store. */
  complete: boolean;
}

/** One CSV row per conversation started in the period (columns: REPORT_CSV_COLUMNS). */
export type ConversationRow = Record<string, string | number | null>;

/**
 * The owner's report, every figure one SQL query over the dashboard's own copy (conversations, messages,
 * conversation_events), the same on PGlite and on a Postgres server. Nothing here reads the store.
 */
export class ReportFigures {
  constructor(private readonly db: Db) {}

  async report(period: ReportPeriodDays, feed: FeedCoverage): Promise<Report> {
    return withDatabase(async () => {
      const before = previousPeriod(period);
      const [days, firstReplies, closes, ratings, replied, busiest, asked, copied, previous] =
        await Promise.all([
          this.days(period),
          this.firstStaffReplies(period),
          this.timeToClose(period),
          this.ratings(period),
          this.conversationsReplied(period),
          this.busiestHours(period),
          this.askedBeforeHandoff(period),
          this.rows<{ copied: number; unread: number }>(sql`
          select count(*)::int as copied, (count(*) filter (where ${PAST_UNREAD}))::int as unread
          from ${conversations}`),
          this.headline(before),
        ]);
      return {
        period: { from: period.from, to: period.to, time_zone: period.timeZone },
        coverage: coverageOf(copied[0], feed),
        totals: totalsOf(days),
        previous,
        days,
        first_staff_reply: firstReplies.all,
        time_to_close: closes,
        ratings,
        staff: staffRows(replied, firstReplies.byAuthor, ratings),
        busiest_hours: busiest,
        asked_before_handoff: asked,
      };
    });
  }

  /** The headline figures of a period, to compare with (the same definitions as the report's). */
  private async headline(period: ReportPeriodDays): Promise<ReportHeadline> {
    const [days, firstReplies, closes] = await Promise.all([
      this.days(period),
      this.firstStaffReplies(period),
      this.timeToClose(period),
    ]);
    return {
      period: { from: period.from, to: period.to, time_zone: period.timeZone },
      totals: totalsOf(days),
      first_staff_reply: firstReplies.all,
      time_to_close: closes,
    };
  }

  /** The per-conversation rows of the period, oldest first (the facts every figure counts). */
  async conversationRows(period: ReportPeriodDays): Promise<ConversationRow[]> {
    return withDatabase(() => this.rows<ConversationRow>(conversationRowsQuery(period)));
  }

  /** The ids of the conversations behind one figure, oldest first (see conversationIdsQuery). */
  async conversationIds(filter: ReportFilter, timeZone: string): Promise<string[]> {
    const rows = await withDatabase(() => this.rows<{ id: string }>(conversationIdsQuery(filter, timeZone)));
    return rows.map((row) => row.id);
  }

  /** Conversations started each day, by channel, and how many of them were handed to a person. */
  private days(period: ReportPeriodDays): Promise<ReportDay[]> {
    return this.rows<ReportDay>(sql`
      with ${factsOf(period)}
      select to_char(d.day, 'YYYY-MM-DD') as date,
        count(f.id)::int as started,
        count(f.id) filter (where f.channel = 'website')::int as website,
        count(f.id) filter (where f.channel = 'messaging_a')::int as messaging_a,
        count(f.id) filter (where f.channel = 'messaging_b')::int as messaging_b,
        count(f.id) filter (where ${HANDED})::int as handed_to_person
      from generate_series(${period.from}::date, ${period.to}::date, interval '1 day') as d(day)
      left join facts f on f.started_on = d.day::date
      group by d.day
      order by d.day`);
  }

  /**
   * For each conversation started in the period and handed to a person, the wait from its first handoff
   * to the first staff reply after it: the median and 90th percentile, over all and per person who
   * answered first.
   */
  private async firstStaffReplies(period: ReportPeriodDays) {
    const rows = await this.rows<DurationFigure & { author_user_id: string | null }>(sql`
      with ${factsOf(period)},
      answered as (
        select f.first_replied_by as author_user_id, f.first_reply_seconds::float8 as seconds
        from facts f where ${FIRST_REPLIED}
      )
      select author_user_id, ${durationColumns}
      from answered group by grouping sets ((), (author_user_id))
      order by author_user_id nulls first`);
    // The grand total is the row without an author (every answered reply has one).
    const all = rows.find((row) => row.author_user_id === null);
    return {
      all: durationOf(all),
      byAuthor: new Map(rows.flatMap((row) => (row.author_user_id ? [[row.author_user_id, row]] : []))),
    };
  }

  /** From the start of each conversation started in the period to its first close. */
  private async timeToClose(period: ReportPeriodDays): Promise<DurationFigure> {
    const [row] = await this.rows<DurationFigure>(sql`
      with ${factsOf(period)},
      closes as (select f.close_seconds::float8 as seconds from facts f where ${CLOSED})
      select ${durationColumns} from closes`);
    return durationOf(row);
  }

  /** Shoppers' ratings in the conversations started in the period, per author (null: the assistant). */
  private async ratings(period: ReportPeriodDays): Promise<RatingsRow[]> {
    type Counted = { author_user_id: string | null; count: number; average: number | null };
    const rows = await this.rows<Counted & Record<'r1' | 'r2' | 'r3' | 'r4' | 'r5', number>>(sql`
      with ${factsOf(period)}
      select m.author_user_id, count(*)::int as count,
        round(avg(m.rating)::numeric, 2)::float8 as average,
        count(*) filter (where m.rating = 1)::int as r1, count(*) filter (where m.rating = 2)::int as r2,
        count(*) filter (where m.rating = 3)::int as r3, count(*) filter (where m.rating = 4)::int as r4,
        count(*) filter (where m.rating = 5)::int as r5
      from messages m join facts f on f.id = m.conversation_id
      where ${RATED}
      group by m.author_user_id
      order by m.author_user_id nulls first`);
    return rows.map((row) => ({
      author_user_id: row.author_user_id,
      count: row.count,
      average: row.average,
      distribution: [row.r1, row.r2, row.r3, row.r4, row.r5],
    }));
  }

  /** Per staff member: the conversations started in the period that they replied to. */
  private conversationsReplied(period: ReportPeriodDays) {
    return this.rows<{ author_user_id: string; conversations_replied: number }>(sql`
      with ${factsOf(period)}
      select m.author_user_id, count(distinct m.conversation_id)::int as conversations_replied
      from messages m join facts f on f.id = m.conversation_id
      where ${STAFF_REPLY}
      group by m.author_user_id`);
  }

  /** Shopper messages by day of the week and hour, in the store's time zone (cells with none left out). */
  private busiestHours(period: ReportPeriodDays): Promise<BusyCell[]> {
    return this.rows<BusyCell>(sql`
      with ${bounds(period)},
      local as (
        select m.created_at at time zone ${period.timeZone} as at
        from messages m cross join bounds b
        where m.role = 'user' and m.created_at >= b.start_at and m.created_at < b.end_at
      )
      select extract(isodow from at)::int as weekday, extract(hour from at)::int as hour,
        count(*)::int as shopper_messages
      from local group by 1, 2 order by 1, 2`);
  }

  /** The shopper's last message before the first handoff of each conversation started in the period. */
  private askedBeforeHandoff(period: ReportPeriodDays): Promise<AskedBeforeHandoff[]> {
    return this.rows<AskedBeforeHandoff>(sql`
      with ${factsOf(period)}
      select f.id as conversation_id, f.display_name, ${iso(sql`f.first_handoff_at`)} as handed_at,
        left(q.content, ${ASKED_MAX_CHARS}) as content
      from facts f
      left join lateral (
        select m.content from messages m
        where m.conversation_id = f.id and m.role = 'user' and m.created_at <= f.first_handoff_at
        order by m.created_at desc, m.id desc limit 1
      ) q on true
      where f.first_handoff_at is not null
      order by f.first_handoff_at desc, f.id desc
      limit ${ASKED_BEFORE_HANDOFF_MAX}`);
  }

  private async rows<Row>(query: SQL): Promise<Row[]> {
    // Both drivers answer a raw query with `{rows}`.
    const result = (await this.db.execute(query)) as { rows: Row[] };
    return result.rows;
  }
}

const totalsOf = (days: ReportDay[]) => {
  const started = days.reduce((sum, day) => sum + day.started, 0);
  const handed = days.reduce((sum, day) => sum + day.handed_to_person, 0);
  return { started, handed_to_person: handed, handoff_rate: started === 0 ? null : handed / started };
};

/**
 * Conversations listed by the feed and copied, and transcripts read of those copied: complete when the
 * feed's first pass is done and no copied conversation's past is left to read.
 */
function coverageOf(copy: { copied: number; unread: number } | undefined, feed: FeedCoverage) {
  const copied = copy?.copied ?? 0;
  const unread = copy?.unread ?? 0;
  return {
    copied,
    known: feed.known,
    transcripts_read: copied - unread,
    complete: feed.complete && unread === 0,
  };
}

const durationColumns = sql`count(*)::int as count,
  percentile_cont(0.5) within group (order by seconds)::float8 as median_seconds,
  percentile_cont(0.9) within group (order by seconds)::float8 as p90_seconds`;

const durationOf = (row: DurationFigure | undefined): DurationFigure => ({
  count: row?.count ?? 0,
  median_seconds: row?.median_seconds ?? null,
  p90_seconds: row?.p90_seconds ?? null,
});

/** One row per staff member who replied, answered a handoff first or was rated in the period. */
function staffRows(
  replied: { author_user_id: string; conversations_replied: number }[],
  firstReplies: Map<string, DurationFigure>,
  ratings: RatingsRow[],
): StaffRow[] {
  const rated = new Map(ratings.flatMap((row) => (row.author_user_id ? [[row.author_user_id, row]] : [])));
  const people = new Set([
    ...replied.map((row) => row.author_user_id),
    ...firstReplies.keys(),
    ...rated.keys(),
  ]);
  const repliedBy = new Map(replied.map((row) => [row.author_user_id, row.conversations_replied]));
  return [...people]
    .map((id) => ({
      author_user_id: id,
      conversations_replied: repliedBy.get(id) ?? 0,
      first_replies: firstReplies.get(id)?.count ?? 0,
      median_first_reply_seconds: firstReplies.get(id)?.median_seconds ?? null,
      ratings: rated.get(id)?.count ?? 0,
      average_rating: rated.get(id)?.average ?? null,
    }))
    .sort(
      (a, b) =>
        b.conversations_replied - a.conversations_replied || a.author_user_id.localeCompare(b.author_user_id),
    );
}
