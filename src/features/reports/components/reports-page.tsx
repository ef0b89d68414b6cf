import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { Section } from '@/components/section';
import { LoadingState } from '@/components/spinner';
import { describeApiError } from '@/lib/describe-error';
import { formatDateTime } from '@/lib/format';
import { FIGURE_NOTES } from '@/schemas/report-definitions';
import type { Report, ReportQuery } from '@/schemas/reports';
import { downloadReportCsv, useReport, type ReportCsv } from '../api/reports';
import { useReportQuery } from '../report-query';
import { BarChart } from './bar-chart';
import { BusiestHours } from './busiest-hours';
import { Coverage } from './coverage';
import { DataTable } from './data-table';
import { formatDay, HeadlineFigures } from './headline-figures';
import { PeopleSections } from './people-sections';
import { PeriodPicker } from './period-picker';
import { CountLink } from './count-link';
import { CHANNEL_SERIES, dayLink, HANDOFF_SERIES, seriesColumns } from './day-series';

const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

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
  return (
    <>
      <HeadlineFigures report={report} />

      <Section id="reports-started" title="Conversations started, by channel">
        <BarChart
          rows={report.days}
          series={CHANNEL_SERIES}
          label={(day) => formatDay(day.date)}
          linkOf={dayLink(CHANNEL_SERIES)}
        />
        <Numbers>
          <DataTable
            caption="Conversations started per day, by channel"
            rows={report.days}
            rowKey={(day) => day.date}
            columns={[
              { header: 'Day', cell: (day) => formatDay(day.date) },
              {
                header: 'Started',
                numeric: true,
                cell: (day) => (
                  <CountLink
                    count={day.started}
                    filter={{ scope: 'started', from: day.date, to: day.date }}
                  />
                ),
              },
              ...seriesColumns(CHANNEL_SERIES),
            ]}
          />
        </Numbers>
      </Section>

      <Section id="reports-handoffs" title="Handled by the assistant alone, or handed to a person">
        <BarChart
          rows={report.days}
          series={HANDOFF_SERIES}
          label={(day) => formatDay(day.date)}
          linkOf={dayLink(HANDOFF_SERIES)}
        />
        <Numbers>
          <DataTable
            caption="Conversations per day: handled by the assistant alone or handed to a person"
            rows={report.days}
            rowKey={(day) => day.date}
            columns={[
              { header: 'Day', cell: (day) => formatDay(day.date) },
              ...seriesColumns(HANDOFF_SERIES),
              {
                header: 'Handoff rate',
                numeric: true,
                cell: (day) => (day.started === 0 ? '–' : percent.format(day.handed_to_person / day.started)),
              },
            ]}
          />
        </Numbers>
      </Section>

      <PeopleSections report={report} />

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
