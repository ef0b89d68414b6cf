import { InlineNotice } from '@/components/inline-notice';
import type { Report } from '@/schemas/reports';
import { formatDay } from './headline-figures';

const numbers = new Intl.NumberFormat('en-US');

/** The period shown, and how far the dashboard's copy of the store has got. */
export function Coverage({ report }: { report: Report }) {
  const { copied, known, transcripts_read: read, complete } = report.coverage;
  const { from, to, time_zone: zone } = report.period;
  const period = `${formatDay(from)} to ${formatDay(to)} (${zone})`;
  if (complete)
    return (
      <p className="text-[15px] text-gray-600">
        {period}. Covers all {numbers.format(copied)} conversations of the store.
      </p>
    );
  return (
    <InlineNotice
      tone="neutral"
      title={
        known === 0
          ? "Reading the store's conversations"
          : `Covers ${numbers.format(copied)} of ${numbers.format(Math.max(copied, known))} conversations; catching up`
      }
    >
      {period}.{' '}
      {copied > 0 ? `${numbers.format(read)} of ${numbers.format(copied)} transcripts read. ` : null}The
      dashboard is still reading the store&apos;s history within its rate limit: figures grow as it does.
    </InlineNotice>
  );
}
