import { countCharacters } from '@/schemas/characters';
import { KNOWLEDGE_TEXT_MAX } from '@/schemas/limits';
import { formatCount } from './format-count';

/** What the file picker offers: plain text, Markdown and CSV. */
export const TEXT_FILE_ACCEPT = '.txt,.md,.markdown,.csv,text/plain,text/markdown,text/csv';
const TEXT_EXTENSIONS = /\.(txt|text|md|markdown|csv)$/i;

export type TextFileResult = { ok: true; text: string } | { ok: false; message: string };

function describeSize(bytes: number): string {
  if (bytes < 1024) return `${formatCount(bytes)} bytes`;
  if (bytes < 1024 * 1024) return `${formatCount(Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const tooLong = (name: string, length: string) =>
  `“${name}” is too long: ${length}, and a source holds at most ${formatCount(KNOWLEDGE_TEXT_MAX)} characters. Split it into smaller files and add each as its own source.`;

/**
 * Reads a local text file in the browser, as UTF-8. Refuses (with a message for people) anything that
 * is not text or does not fit in one source: nothing is ever cut short behind the user's back.
 */
export async function readTextFile(file: File): Promise<TextFileResult> {
  const looksLikeText = TEXT_EXTENSIONS.test(file.name) || file.type.startsWith('text/');
  if (!looksLikeText) {
    return {
      ok: false,
      message: `“${file.name}” is not a text file. Load a .txt, .md or .csv file, or paste the text instead.`,
    };
  }
  // A character (a code point, as the limit counts) takes at most four bytes of UTF-8, plus a 3-byte
  // BOM: a larger file cannot fit whatever it holds, so it is not read.
  if (file.size > KNOWLEDGE_TEXT_MAX * 4 + 3)
    return { ok: false, message: tooLong(file.name, describeSize(file.size)) };
  if (file.size === 0) return { ok: false, message: `“${file.name}” is empty.` };

  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    return {
      ok: false,
      message: `“${file.name}” is not readable as UTF-8 text: it may be a binary file (a PDF, a spreadsheet, a Word document) or use another encoding. Save it as plain text (UTF-8) and load it again.`,
    };
  }
  // The API refuses NUL bytes; in a "text" file they mean a binary format.
  if (text.includes('\u0000')) {
    return {
      ok: false,
      message: `“${file.name}” contains binary data, not text. Save it as plain text (UTF-8) and load it again.`,
    };
  }
  const characters = countCharacters(text);
  if (characters > KNOWLEDGE_TEXT_MAX) {
    return { ok: false, message: tooLong(file.name, `${formatCount(characters)} characters`) };
  }
  if (text.trim() === '') return { ok: false, message: `“${file.name}” holds only blank space.` };
  return { ok: true, text };
}
