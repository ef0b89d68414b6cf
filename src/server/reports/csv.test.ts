import { describe, expect, it } from 'vitest';
import { csvCell, toCsv, UTF8_BOM } from './csv.ts';

describe('CSV', () => {
  it('quotes what needs quoting and doubles quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('keeps a spreadsheet from running what a shopper wrote as a formula', () => {
    for (const text of [
      '=1+1',
      '+1',
      '-1',
      '@SUM(A1)',
      '\t=1',
      '\r=1',
      ' =1+1',
      '  @A1',
      '\n=1+1',
      ' \r\n+1',
    ])
      expect(csvCell(text), JSON.stringify(text)).toMatch(/^"?'/);
    // Text that merely contains those characters is left as it is.
    for (const text of ['a=b', 'Per - the jacket', 'mail@example.com', ' hello'])
      expect(csvCell(text)).toBe(text);
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    // Numbers the report computed are numbers, not text a shopper chose.
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(3.5)).toBe('3.5');
  });

  it('writes a byte-order mark, a header and one CRLF line per row, in the columns given', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          { b: 2, a: 'x' },
          { a: null, b: null },
        ],
      ),
    ).toBe(`${UTF8_BOM}a,b\r\nx,2\r\n,\r\n`);
  });
});
