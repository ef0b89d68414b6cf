/**
 * RFC 4180 CSV for spreadsheets. A text cell that a spreadsheet would run as a formula is prefixed with
 * an apostrophe: shoppers choose their display names and messages, and an owner opening the export must
 * not run what a shopper wrote. A formula is recognised as spreadsheets do, after leading blanks: its
 * first non-blank character is = + - or @ (" =1+1" and "\n=1+1" run too); a cell starting with a tab,
 * carriage return or line feed is guarded as well.
 */
const FORMULA_START = /^(?:[\t\r\n]|\s*[=+\-@])/;

/** The UTF-8 byte-order mark: without it Excel reads the file in the Windows code page ("LÃ©a"). */
export const UTF8_BOM = '\uFEFF';

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A byte-order mark, a header line and one line per row, CRLF line ends, in the columns' order. */
export function toCsv(
  columns: readonly string[],
  rows: readonly Record<string, string | number | null>[],
): string {
  const lines = [
    columns.join(','),
    ...rows.map((row) => columns.map((column) => csvCell(row[column])).join(',')),
  ];
  return `${UTF8_BOM}${lines.join('\r\n')}\r\n`;
}
