import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { Section } from '@/components/section';
import { LoadingState } from '@/components/spinner';
import { describeApiError } from '@/lib/describe-error';
import { formatDateTime, formatDuration } from '@/lib/format';
import { useCurrentSession } from '@/lib/session-context';
import { FIGURE_NOTES } from '@/schemas/report-definitions';
import type { Report, ReportDay, ReportQuery } from '@/schemas/reports';
import { downloadReportCsv, useReport, type ReportCsv } from '../api/reports';
import { useReportQuery } from '../report-query';
import { BarChart, type Series } from './bar-chart';
import { BusiestHours } from './busiest-hours';
import { Coverage } from './coverage';
import { DataTable } from './data-table';
import { formatDay, HeadlineFigures, orDash } from './headline-figures';
import { PeriodPicker } from './period-picker';

const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

const CHANNEL_SERIES: Series<ReportDay>[] = [
  { label: 'Website', color: '#4f46e5', value: (day) => day.website },
  { label: 'Messaging A', color: '#0d9488', value: (day) => day.messaging_a },
  { label: 'Messaging B', color: '#d97706', value: (day) => day.messaging_b },
];
const HANDOFF_SERIES: Series<ReportDay>[] = [
  { label: 'Assistant alone', color: '#4f46e5', value: (day) => day.started - day.handed_to_person },
  { label: 'Handed to a person', color: '#db2777', value: (day) => day.handed_to_person },
];

/** The owner's reports for a period kept in the address: figures, charts with their tables, and the CSV. */
export function ReportsPage() {
  const [query, setQuery] = useReportQuery();
  const report = useReport(query);
  const shown = report.data?.period;

  return (
    <div className="space-y-8">
      <PageHeader
        title="Reports"
        description="How the assistant and the team are doing, from the dashboard's own copy of the store's conversations."
        actions={<CsvButtons query={query} disabled={!report.data} />}
      />
      <PeriodPicker query={query} shown={shown} onChange={setQuery} />
      {report.isPending ? (
        <LoadingState label="Computing the report…" />
      ) : report.isError ? (
        <ErrorState
          error={report.error}
          onRetry={() => void report.refetch()}
          isRetrying={report.isFetching}
        />
      ) : (
        <div className="space-y-8" aria-busy={report.isPlaceholderData}>
          <Coverage report={report.data} />
          {report.data.totals.started === 0 && report.data.asked_before_handoff.length === 0 ? (
            <EmptyState
              title={
                report.data.coverage.complete
                  ? 'No conversations in this period'
                  : 'No conversations of this period copied yet'
              }
              description={
                report.data.coverage.complete
                  ? 'Choose a longer period, or come back once shoppers have talked to the assistant.'
                  : "The figures appear as the dashboard reads the store's history."
              }
            />
          ) : (
            <Figures report={report.data} />
          )}
        </div>
      )}
    </div>
  );
}

/** The two exports: the conversations every figure counts, and the per-person figures. */
function CsvButtons({ query, disabled }: { query: ReportQuery; disabled: boolean }) {
  const [state, setState] = useState<{ pending?: ReportCsv; error?: unknown }>({});
  const download = (csv: ReportCsv) => {
    setState({ pending: csv });
    downloadReportCsv(csv, query).then(
      () => setState({}),
      (error: unknown) => setState({ error }),
    );
  };
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          isDisabled={disabled}
          isPending={state.pending === 'conversations'}
          onPress={() => download('conversations')}
        >
          Conversations CSV
        </Button>
        <Button
          variant="secondary"
          isDisabled={disabled}
          isPending={state.pending === 'people'}
          onPress={() => download('people')}
        >
          People CSV
        </Button>
      </div>
      {state.error ? (
        <p role="alert" className="max-w-sm text-sm text-red-700">
          {describeApiError(state.error).title}
        </p>
      ) : null}
    </div>
  );
}

function Figures({ report }: { report: Report }) {
  const { roster } = useCurrentSession();
  const nameOf = (id: string | null) =>
    id === null ? 'The assistant' : (roster.find((member) => member.id === id)?.name ?? id);

  return (
    <>
      <HeadlineFigures report={report} />

      <Section id="reports-started" title="Conversations started, by channel">
        <BarChart rows={report.days} series={CHANNEL_SERIES} label={(day) => formatDay(day.date)} />
        <Numbers>
          <DataTable
            caption="Conversations started per day, by channel"
            rows={report.days}
            rowKey={(day) => day.date}
            columns={[
              { header: 'Day', cell: (day) => formatDay(day.date) },
              { header: 'Started', numeric: true, cell: (day) => day.started },
              ...CHANNEL_SERIES.map((series) => ({
                header: series.label,
                numeric: true,
                cell: series.value,
              })),
            ]}
          />
        </Numbers>
      </Section>

      <Section id="reports-handoffs" title="Handled by the assistant alone, or handed to a person">
        <BarChart rows={report.days} series={HANDOFF_SERIES} label={(day) => formatDay(day.date)} />
        <Numbers>
          <DataTable
            caption="Conversations per day: handled by the assistant alone or handed to a person"
            rows={report.days}
            rowKey={(day) => day.date}
            columns={[
              { header: 'Day', cell: (day) => formatDay(day.date) },
              ...HANDOFF_SERIES.map((series) => ({
                header: series.label,
                numeric: true,
                cell: series.value,
              })),
              {
                header: 'Handoff rate',
                numeric: true,
                cell: (day) => (day.started === 0 ? '–' : percent.format(day.handed_to_person / day.started)),
              },
            ]}
          />
        </Numbers>
      </Section>

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
              { header: 'Ratings', numeric: true, cell: (row) => row.count },
              {
                header: 'Average',
                numeric: true,
                cell: (row) => orDash(row.average, (value) => value.toFixed(2)),
              },
              ...[1, 2, 3, 4, 5].map((stars) => ({
                header: `${stars}★`,
                numeric: true,
                cell: (row: Report['ratings'][number]) => row.distribution[stars - 1] ?? 0,
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
              { header: 'Conversations replied to', numeric: true, cell: (row) => row.conversations_replied },
              { header: 'First replies', numeric: true, cell: (row) => row.first_replies },
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

      <Section
        id="reports-busiest"
        title="Busiest hours"
        description={`${FIGURE_NOTES.busiest_hours} In ${report.period.time_zone}.`}
      >
        <BusiestHours cells={report.busiest_hours} />
      </Section>

      <Section
        id="reports-asked"
        title="What shoppers asked before a handoff"
        description={`${FIGURE_NOTES.asked_before_handoff} Material for new knowledge sources.`}
      >
        {report.asked_before_handoff.length === 0 ? (
          <p className="text-[15px] text-gray-600">No handoffs in this period.</p>
        ) : (
          <ul className="divide-y divide-gray-100">
            {report.asked_before_handoff.map((asked) => (
              <li key={`${asked.conversation_id}-${asked.handed_at}`} className="py-3">
                <p className="text-[15px] text-gray-900">
                  {asked.content ?? 'No shopper message was copied.'}
                </p>
                <p className="mt-1 text-sm text-gray-600">
                  <Link
                    to={`/inbox/${encodeURIComponent(asked.conversation_id)}`}
                    className="font-medium text-indigo-700 underline"
                  >
                    {asked.display_name ?? 'A shopper'}
                  </Link>
                  {' · handed over '}
                  {formatDateTime(asked.handed_at)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}

function Numbers({ children }: { children: React.ReactNode }) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium text-indigo-700">Show the numbers</summary>
      <div className="mt-3">{children}</div>
    </details>
  );
}
