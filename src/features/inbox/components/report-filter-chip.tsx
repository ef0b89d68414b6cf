import { Link } from 'react-router';
import type { RosterMember } from '@/schemas/bff';
import { ASSISTANT_AUTHOR, type ReportFilter, type ReportScope } from '@/schemas/report-filter';

const CHANNEL_NAMES = { website: 'Website', messaging_a: 'Messaging A', messaging_b: 'Messaging B' };

const SCOPE_NAMES: Record<ReportScope, string> = {
  started: 'Conversations started',
  handed: 'Handoffs',
  assistant_alone: 'Handled by the assistant alone',
  first_reply: 'Handoffs answered',
  closed: 'Conversations closed',
  replied: 'Conversations replied to',
  rated: 'Rated conversations',
};

const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const formatDay = (date: string) => day.format(new Date(`${date}T00:00:00Z`));

/** "Handoffs on Nov 24", "Rated conversations · 2★ · Léa, Nov 18 – Nov 24". */
export function describeReportFilter(filter: ReportFilter, roster: readonly RosterMember[]): string {
  const person =
    filter.person === ASSISTANT_AUTHOR
      ? 'the assistant'
      : filter.person && (roster.find((member) => member.id === filter.person)?.name ?? filter.person);
  const parts = [
    SCOPE_NAMES[filter.scope],
    filter.channel && CHANNEL_NAMES[filter.channel],
    filter.rating && `${filter.rating}★`,
    person && `by ${person}`,
  ].filter(Boolean);
  const when =
    filter.from === filter.to
      ? `on ${formatDay(filter.from)}`
      : `${formatDay(filter.from)} – ${formatDay(filter.to)}`;
  return `${parts.join(' · ')} ${when}`;
}

/**
 * The report filter the inbox follows (from a figure of the reports), as a chip above the list: what it
 * lists, a way back to the report of those days, and a way to clear it.
 */
export function ReportFilterChip({
  report,
  roster,
  onClear,
}: {
  report: ReportFilter | undefined;
  roster: readonly RosterMember[];
  onClear: () => void;
}) {
  if (!report) return null;
  const back = new URLSearchParams({ period: 'custom', from: report.from, to: report.to });
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-gray-200 bg-indigo-50 px-3 py-2 text-sm">
      <p className="min-w-0 flex-1 font-medium text-indigo-950">
        {describeReportFilter(report, roster)} · from Reports
      </p>
      <Link to={`/reports?${back.toString()}`} className="text-indigo-700 underline hover:text-indigo-900">
        Back to the report
      </Link>
      <button
        type="button"
        onClick={onClear}
        className="rounded px-1 font-medium text-indigo-700 underline hover:text-indigo-900"
      >
        Clear filter
      </button>
    </div>
  );
}
