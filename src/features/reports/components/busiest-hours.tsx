import type { BusyCell } from '@/schemas/reports';
import { DataTable } from './data-table';

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const CELL = 10;
const LEFT = 32;

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
      <svg viewBox={`0 0 ${LEFT + 24 * CELL} ${8 * CELL + 4}`} className="w-full" aria-hidden="true">
        {WEEKDAYS.map((day, row) => (
          <g key={day}>
            <text x={0} y={row * CELL + 8} fontSize="7" fill="#4b5563">
              {day.slice(0, 3)}
            </text>
            {HOURS.map((hour) => {
              const value = at(row + 1, hour);
              return (
                <rect
                  key={hour}
                  x={LEFT + hour * CELL}
                  y={row * CELL}
                  width={CELL - 1}
                  height={CELL - 1}
                  rx="1.5"
                  fill={value === 0 ? '#f3f4f6' : '#4f46e5'}
                  fillOpacity={value === 0 ? 1 : 0.15 + 0.85 * (value / max)}
                />
              );
            })}
          </g>
        ))}
        {[0, 6, 12, 18].map((hour) => (
          <text key={hour} x={LEFT + hour * CELL} y={7 * CELL + 9} fontSize="7" fill="#4b5563">
            {String(hour).padStart(2, '0')}:00
          </text>
        ))}
      </svg>
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
