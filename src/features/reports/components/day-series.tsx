import { inboxLinkOf, type ReportFilter } from '@/schemas/report-filter';
import type { ReportDay } from '@/schemas/reports';
import type { Series } from './bar-chart';
import { CountLink } from './count-link';

/** A day's series, with the conversations each of its counts is (for the links to the inbox). */
export type DaySeries = Series<ReportDay> & { narrow: Pick<ReportFilter, 'scope' | 'channel'> };

export const CHANNEL_SERIES: DaySeries[] = [
  {
    label: 'Website',
    color: '#4f46e5',
    value: (day) => day.website,
    narrow: { scope: 'started', channel: 'website' },
  },
  {
    label: 'Messaging A',
    color: '#0d9488',
    value: (day) => day.messaging_a,
    narrow: { scope: 'started', channel: 'messaging_a' },
  },
  {
    label: 'Messaging B',
    color: '#d97706',
    value: (day) => day.messaging_b,
    narrow: { scope: 'started', channel: 'messaging_b' },
  },
];
export const HANDOFF_SERIES: DaySeries[] = [
  {
    label: 'Assistant alone',
    color: '#4f46e5',
    value: (day) => day.started - day.handed_to_person,
    narrow: { scope: 'assistant_alone' },
  },
  {
    label: 'Handed to a person',
    color: '#db2777',
    value: (day) => day.handed_to_person,
    narrow: { scope: 'handed' },
  },
];

/** The conversations behind one series' count of one day. */
export const dayFilter = (day: ReportDay, series: DaySeries): ReportFilter => ({
  ...series.narrow,
  from: day.date,
  to: day.date,
});
export const dayLink = (series: DaySeries[]) => (day: ReportDay, index: number) =>
  inboxLinkOf(dayFilter(day, series[index]!));

/** One linked count column per series. */
export const seriesColumns = (list: DaySeries[]) =>
  list.map((series) => ({
    header: series.label,
    numeric: true,
    cell: (day: ReportDay) => <CountLink count={series.value(day)} filter={dayFilter(day, series)} />,
  }));
