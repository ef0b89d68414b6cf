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
  type StaffRow,
} from '../../schemas/reports.ts';
import type { Db } from '../db/database.ts';
import { withDatabase } from '../db/database.ts';
import { PAST_UNREAD } from '../db/conversation-history.ts';
import { conversations } from '../db/schema.ts';

/** A period of whole days (YYYY-MM-DD, both included) in an IANA time zone. */
export interface ReportPeriodDays {
  from: string;
  to: string;
  timeZone: string;
}

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
 * Staff replies are the store's messages with a named author (`role` assistant, `author_user_id` set); the
 * assistant's are those without one. A rating belongs to the message's author.
 */
const STAFF_REPLY = sql`m.role = 'assistant' and m.author_user_id is not null`;

/** An instant as ISO 8601 in UTC, the wire's form, whatever the session's time zone. */
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The owner's report, every figure one SQL query over the dashboard's own copy (conversations, messages,
 * conversation_events), the same on PGlite and on a Postgres server. Nothing here reads the store.
 */
export class ReportFigures {
  constructor(private readonly db: Db) {}

  async report(period: ReportPeriodDays, feed: FeedCoverage): Promise<Report> {
    return withDatabase(async () => {
      const [days, firstReplies, closes, ratings, replied, busiest, asked, copied] = await Promise.all([
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
      ]);
      const started = days.reduce((sum, day) => sum + day.started, 0);
      const handed = days.reduce((sum, day) => sum + day.handed_to_person, 0);
      return {
        period: { from: period.from, to: period.to, time_zone: period.timeZone },
        coverage: coverageOf(copied[0], feed),
        totals: {
          started,
          handed_to_person: handed,
          handoff_rate: started === 0 ? null : handed / started,
        },
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

  /** The per-conversation rows of the period, oldest first. */
  async conversationRows(period: ReportPeriodDays): Promise<ConversationRow[]> {
    return withDatabase(() =>
      this.rows<ConversationRow>(sql`
        with ${bounds(period)}
        select c.id as conversation_id,
          ${iso(sql`c.created_at`)} as started_at,
          c.channel, c.status, c.display_name,
          case when h.at is not null or c.handoff_state = 'human' then 'yes' else 'no' end as handed_to_person,
          ${iso(sql`h.at`)} as first_handoff_at,
          ${iso(sql`r.at`)} as first_staff_reply_at,
          round(extract(epoch from r.at - h.at))::int as seconds_to_first_staff_reply,
          ${iso(sql`cl.at`)} as closed_at,
          round(extract(epoch from cl.at - c.created_at))::int as seconds_to_close,
          s.shopper_messages, s.staff_replies, s.ratings, s.average_rating
        from conversations c cross join bounds b
        left join lateral (
          select min(e.at) as at from conversation_events e
          where e.conversation_id = c.id and e.kind = 'handed_to_person'
        ) h on true
        left join lateral (
          select min(m.created_at) as at from messages m
          where m.conversation_id = c.id and ${STAFF_REPLY} and (h.at is null or m.created_at >= h.at)
        ) r on true
        left join lateral (
          select min(e.at) as at from conversation_events e where e.conversation_id = c.id and e.kind = 'closed'
        ) cl on true
        left join lateral (
          select count(*) filter (where m.role = 'user')::int as shopper_messages,
            count(*) filter (where ${STAFF_REPLY})::int as staff_replies,
            count(m.rating)::int as ratings,
            round(avg(m.rating)::numeric, 2)::float8 as average_rating
          from messages m where m.conversation_id = c.id
        ) s on true
        where c.created_at >= b.start_at and c.created_at < b.end_at
        order by c.created_at, c.id`),
    );
  }

  /** Conversations started each day, by channel, and how many of them were handed to a person. */
  private days(period: ReportPeriodDays): Promise<ReportDay[]> {
    return this.rows<ReportDay>(sql`
      with ${bounds(period)},
      started as (
        select (c.created_at at time zone ${period.timeZone})::date as day, c.channel,
          (c.handoff_state = 'human' or exists (
            select 1 from conversation_events e where e.conversation_id = c.id and e.kind = 'handed_to_person'
          )) as handed
        from conversations c cross join bounds b
        where c.created_at >= b.start_at and c.created_at < b.end_at
      )
      select to_char(d.day, 'YYYY-MM-DD') as date,
        count(s.day)::int as started,
        count(s.day) filter (where s.channel = 'website')::int as website,
        count(s.day) filter (where s.channel = 'messaging_a')::int as messaging_a,
        count(s.day) filter (where s.channel = 'messaging_b')::int as messaging_b,
        count(s.day) filter (where s.handed)::int as handed_to_person
      from generate_series(${period.from}::date, ${period.to}::date, interval '1 day') as d(day)
      left join started s on s.day = d.day::date
      group by d.day
      order by d.day`);
  }

  /**
   * For each handoff in the period, the first staff reply at or after it: the median and 90th percentile
   * of the wait, over all handoffs answered and per person who answered first.
   */
  private async firstStaffReplies(period: ReportPeriodDays) {
    const rows = await this.rows<DurationFigure & { author_user_id: string | null }>(sql`
      with ${bounds(period)},
      answered as (
        select r.author_user_id, extract(epoch from r.created_at - e.at)::float8 as seconds
        from conversation_events e cross join bounds b
        join lateral (
          select m.author_user_id, m.created_at from messages m
          where m.conversation_id = e.conversation_id and ${STAFF_REPLY} and m.created_at >= e.at
          order by m.created_at, m.id limit 1
        ) r on true
        where e.kind = 'handed_to_person' and e.at >= b.start_at and e.at < b.end_at
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

  /** From a conversation's start to its first close in the period. */
  private async timeToClose(period: ReportPeriodDays): Promise<DurationFigure> {
    const [row] = await this.rows<DurationFigure>(sql`
      with ${bounds(period)},
      closes as (
        select distinct on (e.conversation_id) extract(epoch from e.at - c.created_at)::float8 as seconds
        from conversation_events e cross join bounds b
        join conversations c on c.id = e.conversation_id
        where e.kind = 'closed' and e.at >= b.start_at and e.at < b.end_at
        order by e.conversation_id, e.at
      )
      select ${durationColumns} from closes`);
    return durationOf(row);
  }

  /** Shoppers' ratings of the messages written in the period, per author (null: the assistant). */
  private async ratings(period: ReportPeriodDays): Promise<RatingsRow[]> {
    type Counted = { author_user_id: string | null; count: number; average: number | null };
    const rows = await this.rows<Counted & Record<'r1' | 'r2' | 'r3' | 'r4' | 'r5', number>>(sql`
      with ${bounds(period)}
      select m.author_user_id, count(*)::int as count,
        round(avg(m.rating)::numeric, 2)::float8 as average,
        count(*) filter (where m.rating = 1)::int as r1, count(*) filter (where m.rating = 2)::int as r2,
        count(*) filter (where m.rating = 3)::int as r3, count(*) filter (where m.rating = 4)::int as r4,
        count(*) filter (where m.rating = 5)::int as r5
      from messages m cross join bounds b
      where m.role = 'assistant' and m.rating is not null and m.created_at >= b.start_at and m.created_at < b.end_at
      group by m.author_user_id
      order by m.author_user_id nulls first`);
    return rows.map((row) => ({
      author_user_id: row.author_user_id,
      count: row.count,
      average: row.average,
      distribution: [row.r1, row.r2, row.r3, row.r4, row.r5],
    }));
  }

  /** Per staff member: the conversations they replied to in the period. */
  private conversationsReplied(period: ReportPeriodDays) {
    return this.rows<{ author_user_id: string; conversations_replied: number }>(sql`
      with ${bounds(period)}
      select m.author_user_id, count(distinct m.conversation_id)::int as conversations_replied
      from messages m cross join bounds b
      where ${STAFF_REPLY} and m.created_at >= b.start_at and m.created_at < b.end_at
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

  /** The shopper's last message before each handoff in the period, newest handoff first. */
  private askedBeforeHandoff(period: ReportPeriodDays): Promise<AskedBeforeHandoff[]> {
    return this.rows<AskedBeforeHandoff>(sql`
      with ${bounds(period)}
      select e.conversation_id, c.display_name, ${iso(sql`e.at`)} as handed_at,
        left(q.content, ${ASKED_MAX_CHARS}) as content
      from conversation_events e cross join bounds b
      left join conversations c on c.id = e.conversation_id
      left join lateral (
        select m.content from messages m
        where m.conversation_id = e.conversation_id and m.role = 'user' and m.created_at <= e.at
        order by m.created_at desc, m.id desc limit 1
      ) q on true
      where e.kind = 'handed_to_person' and e.at >= b.start_at and e.at < b.end_at
      order by e.at desc, e.id desc
      limit ${ASKED_BEFORE_HANDOFF_MAX}`);
  }

  private async rows<Row>(query: SQL): Promise<Row[]> {
    // Both drivers answer a raw query with `{rows}`.
    const result = (await this.db.execute(query)) as { rows: Row[] };
    return result.rows;
  }
}

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

/** The period's first and last instant (end excluded) in the store's time zone, as a CTE. */
const bounds = (period: ReportPeriodDays) => sql`bounds as (
  select (${period.from}::date)::timestamp at time zone ${period.timeZone} as start_at,
    (${period.to}::date + 1)::timestamp at time zone ${period.timeZone} as end_at
)`;

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
      median_first_reply_seconds: firstReplies.get(id)?.median_seconds ?? null,
      ratings: rated.get(id)?.count ?? 0,
      average_rating: rated.get(id)?.average ?? null,
    }))
    .sort(
      (a, b) =>
        b.conversations_replied - a.conversations_replied || a.author_user_id.localeCompare(b.author_user_id),
    );
}
