import type { ReactNode } from 'react';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Numbers are right-aligned, so their digits line up. */
  numeric?: boolean;
}

/** Right-aligned numbers (an inline style: this lazy screen adds no rule to the app's shared stylesheet). */
const END = { textAlign: 'right' } as const;

/**
 * A report's numbers as a plain table (screen readers, copying into a spreadsheet). The first column
 * heads each row. Wide tables scroll sideways inside their frame on a phone, not the page.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
}) {
  return (
    <div
      className="overflow-x-auto rounded-md ring-1 ring-gray-200"
      tabIndex={0}
      role="region"
      aria-label={caption}
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-gray-50 text-xs font-medium tracking-wide text-gray-500 uppercase">
          <tr>
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                className="px-3 py-2 font-medium whitespace-nowrap"
                style={column.numeric ? END : undefined}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column, index) =>
                index === 0 ? (
                  <th
                    key={column.header}
                    scope="row"
                    className="px-3 py-2 font-normal whitespace-nowrap text-gray-900"
                  >
                    {column.cell(row)}
                  </th>
                ) : (
                  <td
                    key={column.header}
                    className={`px-3 py-2 whitespace-nowrap text-gray-700 ${column.numeric ? 'tabular-nums' : ''}`}
                    style={column.numeric ? END : undefined}
                  >
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
