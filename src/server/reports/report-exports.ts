import type { Report } from '../../schemas/reports.ts';
import type { ConversationRow } from './report-figures.ts';

/** A store user id as people read it: their roster name, or the id when they are not on the roster. */
export type NameOf = (userId: string | null) => string | null;

/** The conversations CSV's rows with the assignee and the first replier named. */
export function namedConversationRows(rows: ConversationRow[], nameOf: NameOf): ConversationRow[] {
  return rows.map((row) => ({
    ...row,
    assignee: nameOf(row.assignee as string | null),
    first_replied_by: nameOf(row.first_replied_by as string | null),
  }));
}

/**
 * The people CSV: the report's own per-person figures (the screen's table and its ratings), so the file
 * cannot disagree with the screen. The assistant comes first, with its ratings only.
 */
export function peopleRows(report: Report, nameOf: NameOf): ConversationRow[] {
  const ratingsOf = (userId: string | null) => {
    const rated = report.ratings.find((row) => row.author_user_id === userId);
    const [r1, r2, r3, r4, r5] = rated?.distribution ?? [0, 0, 0, 0, 0];
    return {
      ratings: rated?.count ?? 0,
      average_rating: rated?.average ?? null,
      rated_1: r1 ?? 0,
      rated_2: r2 ?? 0,
      rated_3: r3 ?? 0,
      rated_4: r4 ?? 0,
      rated_5: r5 ?? 0,
    };
  };
  return [
    { person: 'The assistant', user_id: null, ...ratingsOf(null) },
    ...report.staff.map((row) => ({
      person: nameOf(row.author_user_id),
      user_id: row.author_user_id,
      conversations_replied: row.conversations_replied,
      first_replies: row.first_replies,
      median_first_reply_seconds: row.median_first_reply_seconds,
      ...ratingsOf(row.author_user_id),
    })),
  ];
}
