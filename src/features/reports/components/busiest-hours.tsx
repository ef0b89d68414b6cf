import type { BusyCell } from '@/schemas/reports';
import { DataTable } from './data-table';

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/**
 * Shopper messages by day of the week and hour (the store's time zone) as a grid of shaded cells, and
 * the same numbers as a table of 7 rows by 24 hours.
 */
export function BusiestHours({ cells }: { cells: BusyCell[] }) {
  const count = new Map(cells.map((cell) => [`${cell.weekday}:${cell.hour}`, cell.shopper_messages]));
  const at = (weekday: number, hour: number) => count.get(`${weekday}:${hour}`) ?? 0;
  const max = Math.max(1, ...cells.map((cell) => cell.shopper_messages));
  return (
    <div className="space-y-3">
      {/* Inline styles: this lazy screen adds no rule to the app's shared stylesheet. */}
      <div
        aria-hidden="true"
        className="text-xs text-gray-600"
        style={{ display: 'grid', gridTemplateColumns: '2.25rem repeat(24, minmax(0, 1fr))', gap: 2 }}
      >
        {WEEKDAYS.map((day, row) => [
          <span key={day}>{day.slice(0, 3)}</span>,
          ...HOURS.map((hour) => {
            const value = at(row + 1, hour);
            return (
              <span
                key={`${day}${hour}`}
                className="rounded-sm"
                style={{
                  aspectRatio: '1',
                  maxHeight: '1.5rem',
                  background: value === 0 ? '#f3f4f6' : '#4f46e5',
                  opacity: value === 0 ? 1 : 0.2 + 0.8 * (value / max),
                }}
              />
            );
          }),
        ])}
        <span />
        {[0, 6, 12, 18].map((hour) => (
          <span key={hour} style={{ gridColumn: 'span 6' }}>
            {String(hour).padStart(2, '0')}:00
          </span>
        ))}
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-indigo-700">Show the numbers</summary>
        <div className="mt-3">
          <DataTable
            caption="Shopper messages by day of the week and hour"
            rows={WEEKDAYS.map((day, index) => ({ day, weekday: index + 1 }))}
            rowKey={(row) => row.day}
            columns={[
              { header: 'Day', cell: (row) => row.day },
              ...HOURS.map((hour) => ({
                header: `${String(hour).padStart(2, '0')}h`,
                numeric: true,
                cell: (row: { weekday: number }) => at(row.weekday, hour),
              })),
            ]}
          />
        </div>
      </details>
    </div>
  );
}
