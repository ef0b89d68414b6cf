import { Link } from 'react-router';
import { inboxLinkOf, type ReportFilter } from '@/schemas/report-filter';

const numbers = new Intl.NumberFormat('en-US');

/**
 * A report's count as a link to the inbox listing exactly the conversations it counts (the BFF finds
 * them with the figure's own definition); a zero is plain text, there being nothing to list.
 */
export function CountLink({ count, filter, label }: { count: number; filter: ReportFilter; label?: string }) {
  if (count === 0) return <>{label ?? numbers.format(count)}</>;
  return (
    <Link to={inboxLinkOf(filter)} className="font-medium text-indigo-700 underline hover:text-indigo-900">
      {label ?? numbers.format(count)}
    </Link>
  );
}
