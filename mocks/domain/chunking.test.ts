import { describe, expect, it } from 'vitest';
import { countChunks, DOC_CHUNK_CHARS } from './chunking.ts';

const paragraph = (words: number) => Array.from({ length: words }, (_, i) => `word${i % 10}x`).join(' ');

describe('countChunks', () => {
  it.each([
    [
      'Q:/A: pairs',
      'Q: Do you ship abroad?\nA: Yes, to 30 countries.\n\nQ: How long?\nA: Two to four days.',
      2,
    ],
    ['Question:/Answer: pairs', 'Question: Gift wrap?\nAnswer: Free on request.', 1],
    [
      'question lines ending in ?',
      'Can I return sale items?\nYes, within 14 days.\nDo you price match?\nNo, sorry.',
      2,
    ],
    ['a multi-line answer', 'Q: Sizes?\nA: XS to XXL.\nSee the size guide for measurements.', 1],
    ['questions without answers', 'Do you ship abroad?\nHow long does it take?', 0],
    ['answers without questions', 'A: Yes.\nA: No.', 0],
    ['an answer of punctuation only', 'Q: Anything?\nA: ...', 0],
    ['prose only', 'We are a small shop in Oslo.', 0],
    ['whitespace', '   \n\n  ', 0],
  ])('faq: %s', (_label, text, chunks) => {
    expect(countChunks('faq', text)).toBe(chunks);
  });

  it.each([
    ['one short paragraph', 'Our merino comes from a single farm in New Zealand.', 1],
    ['short paragraphs packed together', 'First paragraph.\n\nSecond paragraph.\n\nThird one.', 1],
    ['paragraphs that overflow a piece', `${'a'.repeat(300)} words\n\n${'b'.repeat(300)} words`, 2],
    [
      'one long paragraph cut into pieces',
      paragraph(400),
      Math.ceil(paragraph(400).length / DOC_CHUNK_CHARS),
    ],
    ['punctuation and digits only', '... --- 123 !!! ???\n\n***', 0],
    ['whitespace only', '\n\t  \n', 0],
    ['empty', '', 0],
  ])('doc: %s', (_label, text, chunks) => {
    expect(countChunks('doc', text)).toBe(chunks);
  });
});
