import { Section } from '@/components/section';
import { formatDuration } from '@/lib/format';
import { useCurrentSession } from '@/lib/session-context';
import { FIGURE_NOTES } from '@/schemas/report-definitions';
import { ASSISTANT_AUTHOR, type ReportFilter } from '@/schemas/report-filter';
import type { Report } from '@/schemas/reports';
import { CountLink } from './count-link';
import { DataTable } from './data-table';
import { orDash } from './headline-figures';

/**
 * The ratings by author and the per-person figures, each count a link to the conversations it counts
 * (a rating count counts ratings: its conversations can be fewer, when one was rated twice).
 */
export function PeopleSections({ report }: { report: Report }) {
  const { roster } = useCurrentSession();
  const nameOf = (id: string | null) =>
    id === null ? 'The assistant' : (roster.find((member) => member.id === id)?.name ?? id);
  const { from, to } = report.period;
  const rated = (author: string | null): ReportFilter => ({
    scope: 'rated',
    from,
    to,
    person: author ?? ASSISTANT_AUTHOR,
  });
  return (
    <>
      <Section id="reports-ratings" title="Shoppers' ratings" description={FIGURE_NOTES.ratings}>
        {report.ratings.length === 0 ? (
          <p className="text-[15px] text-gray-600">No ratings in this period.</p>
        ) : (
          <DataTable
            caption="Ratings by author"
            rows={report.ratings}
            rowKey={(row) => row.author_user_id ?? 'assistant'}
            columns={[
              { header: 'Author', cell: (row) => nameOf(row.author_user_id) },
              {
                header: 'Ratings',
                numeric: true,
                cell: (row) => <CountLink count={row.count} filter={rated(row.author_user_id)} />,
              },
              {
                header: 'Average',
                numeric: true,
                cell: (row) => orDash(row.average, (value) => value.toFixed(2)),
              },
              ...[1, 2, 3, 4, 5].map((stars) => ({
                header: `${stars}★`,
                numeric: true,
                cell: (row: Report['ratings'][number]) => (
                  <CountLink
                    count={row.distribution[stars - 1] ?? 0}
                    filter={{ ...rated(row.author_user_id), rating: stars }}
                  />
                ),
              })),
            ]}
          />
        )}
      </Section>

      <Section id="reports-staff" title="The team" description={FIGURE_NOTES.staff}>
        {report.staff.length === 0 ? (
          <p className="text-[15px] text-gray-600">No staff replies in this period.</p>
        ) : (
          <DataTable
            caption="Per staff member"
            rows={report.staff}
            rowKey={(row) => row.author_user_id}
            columns={[
              { header: 'Staff member', cell: (row) => nameOf(row.author_user_id) },
              {
                header: 'Conversations replied to',
                numeric: true,
                cell: (row) => (
                  <CountLink
                    count={row.conversations_replied}
                    filter={{ scope: 'replied', from, to, person: row.author_user_id }}
                  />
                ),
              },
              {
                header: 'First replies',
                numeric: true,
                cell: (row) => (
                  <CountLink
                    count={row.first_replies}
                    filter={{ scope: 'first_reply', from, to, person: row.author_user_id }}
                  />
                ),
              },
              {
                header: 'Median first reply',
                numeric: true,
                cell: (row) => orDash(row.median_first_reply_seconds, formatDuration),
              },
              {
                header: 'Average rating',
                numeric: true,
                cell: (row) => orDash(row.average_rating, (value) => `${value.toFixed(2)} (${row.ratings})`),
              },
            ]}
          />
        )}
      </Section>
    </>
  );
}
