import { formatDuration } from '@/lib/format';
import { FIGURE_NOTES } from '@/schemas/report-definitions';
import type { ReportFilter, ReportScope } from '@/schemas/report-filter';
import type { DurationFigure, Report } from '@/schemas/reports';
import { CountLink } from './count-link';

type Behind = { filter: ReportFilter; count: number };

const numbers = new Intl.NumberFormat('en-US');
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
/** A report date (YYYY-MM-DD, already in the store's time zone) as "Nov 2". */
export const formatDay = (date: string) => dayLabel.format(new Date(`${date}T00:00:00Z`));
export const orDash = (value: number | null, format: (value: number) => string) =>
  value === null ? '–' : format(value);

/**
 * The change from the previous period of the same length, in words ("Up 3 from 5 in Nov 17 – Nov 19"):
 * `format` writes a value, `difference` the gap when it reads better than the value before (counts).
 */
function changeFrom(
  now: number | null,
  before: number | null,
  previous: Report['previous'],
  format: (value: number) => string,
  difference?: (gap: number) => string,
): string {
  const when = `${formatDay(previous.period.from)} – ${formatDay(previous.period.to)}`;
  if (before === null) return `Nothing to compare in ${when}.`;
  if (now === null || now === before)
    return `${now === null ? 'Was' : 'Same as'} ${format(before)} in ${when}.`;
  const direction = now > before ? 'Up' : 'Down';
  const gap = difference ? ` ${difference(Math.abs(now - before))}` : '';
  return `${direction}${gap} from ${format(before)} in ${when}.`;
}

/** The period's headline figures, each with how it is counted and its change against the period before. */
export function HeadlineFigures({ report }: { report: Report }) {
  const { totals, previous } = report;
  const count = (value: number) => numbers.format(value);
  const rate = (value: number) => percent.format(value);
  const { from, to } = report.period;
  const behind = (scope: ReportScope, count: number) => ({ filter: { scope, from, to }, count });
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <Figure
        term="Conversations started"
        value={count(totals.started)}
        change={changeFrom(totals.started, previous.totals.started, previous, count, count)}
        note={FIGURE_NOTES.started}
        conversations={behind('started', totals.started)}
      />
      <Figure
        term="Handed to a person"
        value={orDash(totals.handoff_rate, rate)}
        detail={`${count(totals.handed_to_person)} of ${count(totals.started)}`}
        change={changeFrom(totals.handoff_rate, previous.totals.handoff_rate, previous, rate)}
        note={FIGURE_NOTES.handoff_rate}
        conversations={behind('handed', totals.handed_to_person)}
      />
      <DurationTerm
        term="First staff reply after a handoff"
        figure={report.first_staff_reply}
        before={previous.first_staff_reply}
        previous={previous}
        noun="handoffs answered"
        note={FIGURE_NOTES.first_staff_reply}
        conversations={behind('first_reply', report.first_staff_reply.count)}
      />
      <DurationTerm
        term="Time to close"
        figure={report.time_to_close}
        before={previous.time_to_close}
        previous={previous}
        noun="conversations closed"
        note={`${FIGURE_NOTES.time_to_close} Closed before the dashboard watched the store: counted to their last update.`}
        conversations={behind('closed', report.time_to_close.count)}
      />
    </dl>
  );
}

function Figure({
  term,
  value,
  detail,
  change,
  note,
  conversations,
}: {
  term: string;
  value: string;
  detail?: string;
  change: string;
  note: string;
  /** The conversations the figure counts, for a link to them in the inbox. */
  conversations: Behind;
}) {
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <dt className="text-sm text-gray-600">{term}</dt>
      <dd className="mt-1 text-2xl font-semibold text-gray-900">{value}</dd>
      {detail ? <dd className="text-sm text-gray-600">{detail}</dd> : null}
      <dd className="text-sm font-medium text-gray-700">{change}</dd>
      <dd className="mt-2 text-xs text-gray-600">
        <span className="font-medium">How it is counted: </span>
        {note}
      </dd>
      {conversations.count > 0 ? (
        <dd className="mt-2 text-sm">
          <CountLink
            count={conversations.count}
            filter={conversations.filter}
            label={`Show ${numbers.format(conversations.count)} in the inbox`}
          />
        </dd>
      ) : null}
    </div>
  );
}

function DurationTerm({
  term,
  figure,
  before,
  previous,
  noun,
  note,
  conversations,
}: {
  term: string;
  figure: DurationFigure;
  before: DurationFigure;
  previous: Report['previous'];
  noun: string;
  note: string;
  conversations: Behind;
}) {
  return (
    <Figure
      term={`${term} (median)`}
      value={orDash(figure.median_seconds, formatDuration)}
      detail={`90th percentile ${orDash(figure.p90_seconds, formatDuration)}; ${numbers.format(figure.count)} ${noun}.`}
      change={changeFrom(figure.median_seconds, before.median_seconds, previous, formatDuration)}
      note={note}
      conversations={conversations}
    />
  );
}
