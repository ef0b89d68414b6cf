import { useSearchParams } from 'react-router';
import { reportQuerySchema, type ReportQuery } from '@/schemas/reports';

const DEFAULT_QUERY: ReportQuery = { period: '7d' };

/** The period in the address (`?period=30d`, or `?period=custom&from=…&to=…`); the last 7 days by default. */
export function useReportQuery() {
  const [params, setParams] = useSearchParams();
  const parsed = reportQuerySchema.safeParse(Object.fromEntries(params));
  const query = parsed.success ? parsed.data : DEFAULT_QUERY;
  const setQuery = (next: ReportQuery) => {
    const updated = new URLSearchParams({ period: next.period });
    if (next.from && next.to) {
      updated.set('from', next.from);
      updated.set('to', next.to);
    }
    setParams(updated);
  };
  return [query, setQuery] as const;
}
