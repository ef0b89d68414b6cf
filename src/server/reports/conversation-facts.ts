import { sql, type SQL } from 'drizzle-orm';
import { ASSISTANT_AUTHOR, type ReportFilter } from '../../schemas/report-filter.ts';
import type { ReportPeriodDays } from './report-period.ts';

/**
 * One definition per figure: the facts of each conversation started in the period, as a CTE named
 * `facts`. Every figure of the report that counts conversations or waits aggregates these rows, and the
 * conversations CSV lists them, so a spreadsheet summing or taking the median of the CSV's columns gets
 * exactly the screen's figures (the waits are whole seconds on both).
 *
 * Columns: id, created_at, started_on (date in the store's time zone), channel, status, display_name,
 * assigned_to, handed (handed to a person at any time seen), first_handoff_at, first_reply_at (the first
 * staff reply at or after the first handoff; any staff reply when no handoff was seen), first_replied_by
 * and first_reply_seconds (only after a handoff), closed_at (first close), close_seconds (from the start).
 */
export const factsOf = (period: ReportPeriodDays): SQL => sql`${bounds(period)},
facts as (
  select c.id, c.created_at, (c.created_at at time zone ${period.timeZone})::date as started_on,
    c.channel, c.status, c.display_name, c.assigned_to,
    (h.at is not null or c.handoff_state = 'human') as handed,
    h.at as first_handoff_at, r.at as first_reply_at,
    case when h.at is not null then r.author_user_id end as first_replied_by,
    round(extract(epoch from r.at - h.at))::int as first_reply_seconds,
    cl.at as closed_at,
    round(extract(epoch from cl.at - c.created_at))::int as close_seconds
  from conversations c cross join bounds b
  left join lateral (
    select min(e.at) as at from conversation_events e
    where e.conversation_id = c.id and e.kind = 'handed_to_person'
  ) h on true
  left join lateral (
    select m.author_user_id, m.created_at as at from messages m
    where m.conversation_id = c.id and ${STAFF_REPLY} and (h.at is null or m.created_at >= h.at)
    order by m.created_at, m.id limit 1
  ) r on true
  left join lateral (
    select min(e.at) as at from conversation_events e where e.conversation_id = c.id and e.kind = 'closed'
  ) cl on true
  where c.created_at >= b.start_at and c.created_at < b.end_at
)`;

/**
 * Staff replies are the store's messages with a named author (`role` assistant, `author_user_id` set); the
 * assistant's are those without one. A rating belongs to the message's author.
 */
export const STAFF_REPLY = sql`m.role = 'assistant' and m.author_user_id is not null`;

/** A shopper's rating of one of the store's messages (the assistant's or a person's). */
export const RATED = sql`m.role = 'assistant' and m.rating is not null`;

/** Of the facts `f`: handed to a person; answered by staff after the handoff; closed. */
export const HANDED = sql`f.handed`;
export const FIRST_REPLIED = sql`f.first_reply_seconds is not null`;
export const CLOSED = sql`f.close_seconds is not null`;

/**
 * The conversations behind one figure (a scope of REPORT_SCOPES, narrowed to a channel, a person, a
 * rating), with the conditions the figures count by: the inbox lists these ids.
 */
export function conversationIdsQuery(filter: ReportFilter, timeZone: string): SQL {
  const { person, rating } = filter;
  const author =
    person === undefined
      ? sql`true`
      : person === ASSISTANT_AUTHOR
        ? sql`m.author_user_id is null`
        : sql`m.author_user_id = ${person}`;
  const withMessage = (condition: SQL) =>
    sql`exists (select 1 from messages m where m.conversation_id = f.id and ${condition} and ${author})`;
  const scope = {
    started: sql`true`,
    handed: HANDED,
    assistant_alone: sql`not ${HANDED}`,
    first_reply:
      person === undefined ? FIRST_REPLIED : sql`${FIRST_REPLIED} and f.first_replied_by = ${person}`,
    closed: CLOSED,
    replied: withMessage(STAFF_REPLY),
    rated: withMessage(rating === undefined ? RATED : sql`${RATED} and m.rating = ${rating}`),
  }[filter.scope];
  const channel = filter.channel === undefined ? sql`true` : sql`f.channel = ${filter.channel}`;
  return sql`with ${factsOf({ from: filter.from, to: filter.to, timeZone })}
    select f.id from facts f where ${scope} and ${channel} order by f.created_at, f.id`;
}

/** An instant as ISO 8601 in UTC, the wire's form, whatever the session's time zone. */
export const iso = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The period's first and last instant (end excluded) in the store's time zone, as a CTE. */
export const bounds = (period: ReportPeriodDays) => sql`bounds as (
  select (${period.from}::date)::timestamp at time zone ${period.timeZone} as start_at,
    (${period.to}::date + 1)::timestamp at time zone ${period.timeZone} as end_at
)`;

/** One CSV row per conversation started in the period, oldest first (ids; the route names people). */
export const conversationRowsQuery = (period: ReportPeriodDays): SQL => sql`
  with ${factsOf(period)}
  select f.id as conversation_id, ${iso(sql`f.created_at`)} as started_at,
    to_char(f.started_on, 'YYYY-MM-DD') as started_on, f.channel, f.status, f.display_name,
    f.assigned_to as assignee, tg.tags,
    case when f.handed then 'yes' else 'no' end as handed_to_person,
    ${iso(sql`f.first_handoff_at`)} as first_handoff_at,
    ${iso(sql`f.first_reply_at`)} as first_staff_reply_at,
    f.first_replied_by, f.first_reply_seconds as seconds_to_first_staff_reply,
    ${iso(sql`f.closed_at`)} as closed_at, f.close_seconds as seconds_to_close,
    s.shopper_messages, s.staff_replies, s.ratings, s.average_rating, s.lowest_rating
  from facts f
  left join lateral (
    select string_agg(t.name, '; ' order by lower(t.name)) as tags
    from conversation_tags ct join tags t on t.id = ct.tag_id where ct.conversation_id = f.id
  ) tg on true
  left join lateral (
    select count(*) filter (where m.role = 'user')::int as shopper_messages,
      count(*) filter (where ${STAFF_REPLY})::int as staff_replies,
      count(m.rating)::int as ratings,
      round(avg(m.rating)::numeric, 2)::float8 as average_rating,
      min(m.rating)::int as lowest_rating
    from messages m where m.conversation_id = f.id
  ) s on true
  order by f.created_at, f.id`;
