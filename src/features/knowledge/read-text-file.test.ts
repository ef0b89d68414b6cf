import { describe, expect, it } from 'vitest';
import { KNOWLEDGE_TEXT_MAX } from '@/schemas/limits';
import { readTextFile } from './read-text-file';

const file = (parts: BlobPart[], name: string, type = '') => new File(parts, name, { type });

/** The refusal's message, or null when the file was read. */
async function refusal(input: File): Promise<string | null> {
  const result = await readTextFile(input);
  return result.ok ? null : result.message;
}

describe('readTextFile', () => {
  it('reads UTF-8 text from .txt, .md and .csv files, without the byte order mark', async () => {
    expect(await readTextFile(file(['Q: Hi?\nA: Hello.'], 'faq.txt'))).toEqual({
      ok: true,
      text: 'Q: Hi?\nA: Hello.',
    });
    expect(await readTextFile(file(['\uFEFF# Größen'], 'sizes.md'))).toEqual({ ok: true, text: '# Größen' });
    expect(await refusal(file(['question,answer'], 'faq.CSV'))).toBeNull();
  });

  it('takes a file the browser says is text whatever its name', async () => {
    expect(await refusal(file(['notes'], 'notes', 'text/plain'))).toBeNull();
  });

  it('refuses a file that is not a text file by name or type', async () => {
    expect(await refusal(file(['%PDF-1.7'], 'catalogue.pdf', 'application/pdf'))).toContain(
      '“catalogue.pdf” is not a text file',
    );
  });

  it('refuses bytes that are not UTF-8 and text holding NUL bytes', async () => {
    expect(await refusal(file([new Uint8Array([0x47, 0x72, 0xf6, 0xdf, 0x65])], 'old.txt'))).toContain(
      'not readable as UTF-8 text',
    );
    expect(await refusal(file([new Uint8Array([0x50, 0x4b, 0x00, 0x03])], 'sheet.csv'))).toContain(
      'binary data',
    );
  });

  it('refuses a text one character over the limit instead of cutting it', async () => {
    expect(await refusal(file(['x'.repeat(KNOWLEDGE_TEXT_MAX + 1)], 'long.txt'))).toContain(
      '“long.txt” is too long: 100,001 characters',
    );
    expect(await refusal(file(['x'.repeat(KNOWLEDGE_TEXT_MAX)], 'full.txt'))).toBeNull();
  });

  it('counts characters, not bytes: 100,000 three-byte characters fit', async () => {
    expect(await refusal(file(['€'.repeat(KNOWLEDGE_TEXT_MAX)], 'euro.txt'))).toBeNull();
  });

  it('refuses a file too large to fit without reading it, and an empty or blank one', async () => {
    expect(await refusal(file([new Uint8Array(2 * 1024 * 1024).fill(0x61)], 'dump.txt'))).toContain(
      'too long: 2.0 MB',
    );
    expect(await refusal(file([], 'empty.txt'))).toBe('“empty.txt” is empty.');
    expect(await refusal(file([' \n '], 'blank.md'))).toBe('“blank.md” holds only blank space.');
  });
});
