import { Link } from 'react-router';

/** One stacked series of a bar chart: its name, its colour and its value per bar. */
export interface Series<Row> {
  label: string;
  color: string;
  value: (row: Row) => number;
}

const HEIGHT = 160;
const BAR_GAP = 0.2;

/**
 * Stacked bars in plain SVG (one bar per day), with a legend. The picture is for the eye only: the same
 * numbers are in the table that goes with it, which is what assistive technology reads. With `linkOf`,
 * each part of a bar is a pointer's shortcut to the inbox address it gives (the table's counts are the
 * same links for the keyboard).
 */
export function BarChart<Row>({
  rows,
  series,
  label,
  linkOf,
}: {
  rows: Row[];
  series: Series<Row>[];
  label: (row: Row) => string;
  /** The address of one series' part of a row's bar (by the series' index). */
  linkOf?: (row: Row, seriesIndex: number) => string;
}) {
  const totals = rows.map((row) => series.reduce((sum, item) => sum + item.value(row), 0));
  const max = Math.max(1, ...totals);
  const width = Math.max(rows.length, 1) * 10;
  return (
    <div className="space-y-2">
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-gray-700" aria-hidden="true">
        {series.map((item) => (
          <li key={item.label} className="flex items-center gap-1.5">
            <svg viewBox="0 0 10 10" className="size-3">
              <rect width="10" height="10" rx="2" fill={item.color} />
            </svg>
            {item.label}
          </li>
        ))}
      </ul>
      <svg
        viewBox={`0 0 ${width} ${HEIGHT}`}
        preserveAspectRatio="none"
        height={HEIGHT}
        className="w-full rounded-md bg-gray-50"
        aria-hidden="true"
      >
        {rows.map((row, index) => {
          let top = HEIGHT;
          return (
            <g key={label(row)}>
              {series.map((item, seriesIndex) => {
                const height = (item.value(row) / max) * (HEIGHT - 8);
                top -= height;
                const bar = (
                  <rect
                    key={item.label}
                    x={index * 10 + BAR_GAP * 5}
                    y={top}
                    width={10 - BAR_GAP * 10}
                    height={height}
                    fill={item.color}
                  />
                );
                if (!linkOf || height === 0) return bar;
                return (
                  <Link key={item.label} to={linkOf(row, seriesIndex)} tabIndex={-1}>
                    <title>{`${item.label}, ${label(row)}: ${item.value(row)}`}</title>
                    {bar}
                  </Link>
                );
              })}
            </g>
          );
        })}
      </svg>
      <div className="flex justify-between text-xs text-gray-600" aria-hidden="true">
        <span>{rows[0] ? label(rows[0]) : ''}</span>
        <span>Highest: {max}</span>
        <span>{rows.at(-1) ? label(rows.at(-1)!) : ''}</span>
      </div>
    </div>
  );
}
