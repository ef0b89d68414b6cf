import { countCharacters } from '../../src/schemas/characters.ts';
import type { KnowledgeKind } from '../../src/schemas/knowledge-source.ts';

/** Target size of one embedded piece of prose. */
export const DOC_CHUNK_CHARS = 500;

const QUESTION_PREFIX = /^(q|question)\s*[:.)-]\s*/i;
const ANSWER_PREFIX = /^(a|answer)\s*[:.)-]\s*/i;
/** Real words: two or more letters in a row (any script). */
const WORD = /\p{L}{2,}/u;

function hasWords(text: string): boolean {
  return WORD.test(text);
}

/**
 * FAQ: one chunk per question/answer pair. A question is a `Q:` line or a line ending in `?`;
 * its answer is the following non-question lines up to the next question, and must hold words.
 */
function countFaqPairs(text: string): number {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  let pairs = 0;
  let questionOpen = false;
  let answered = false;
  for (const line of lines) {
    const isQuestion = QUESTION_PREFIX.test(line) || (line.endsWith('?') && !ANSWER_PREFIX.test(line));
    if (isQuestion) {
      if (questionOpen && answered) pairs += 1;
      questionOpen = hasWords(line.replace(QUESTION_PREFIX, ''));
      answered = false;
    } else if (questionOpen && hasWords(line.replace(ANSWER_PREFIX, ''))) {
      answered = true;
    }
  }
  return questionOpen && answered ? pairs + 1 : pairs;
}

/**
 * Doc: paragraphs (split on blank lines) that hold real words, packed greedily into pieces of about
 * DOC_CHUNK_CHARS characters; a longer paragraph is cut into several pieces.
 */
function countDocPieces(text: string): number {
  const paragraphs = text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
    .filter(hasWords);
  let pieces = 0;
  let open = 0;
  for (const paragraph of paragraphs) {
    const length = countCharacters(paragraph);
    if (length > DOC_CHUNK_CHARS) {
      if (open > 0) pieces += 1;
      pieces += Math.ceil(length / DOC_CHUNK_CHARS);
      open = 0;
    } else if (open + length > DOC_CHUNK_CHARS) {
      pieces += 1;
      open = length;
    } else {
      open += length;
    }
  }
  return open > 0 ? pieces + 1 : pieces;
}

/** The number of embedded pieces an ingest produces; 0 means nothing usable was found. */
export function countChunks(kind: KnowledgeKind, text: string): number {
  return kind === 'faq' ? countFaqPairs(text) : countDocPieces(text);
}
