import type { core } from 'zod/mini';

// The spec's limits are in characters, and a character is a Unicode code point: an emoji counts once
// (two UTF-16 units), a combining accent counts on its own. zod's `.max()` and `String.length` count
// UTF-16 units, so every limit of the SPA, the BFF and the simulator goes through these instead.

/** The number of characters (code points) in `text`. */
export function countCharacters(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/** `text` cut to its first `max` characters; a surrogate pair is never split. */
export function truncateCharacters(text: string, max: number): string {
  return countCharacters(text) <= max ? text : Array.from(text).slice(0, max).join('');
}

/**
 * A refinement for `z.string().check(z.superRefine(...))`: at most `max` characters. The issue is zod's own
 * `too_big` (origin string, `maximum`), so error maps and the simulator's out_of_range mapping read
 * it like `.max()`'s.
 */
export function atMostCharacters(max: number, message?: string) {
  return (value: string, context: core.$RefinementCtx<string>): void => {
    if (countCharacters(value) <= max) return;
    context.addIssue({
      code: 'too_big',
      origin: 'string',
      maximum: max,
      inclusive: true,
      input: value,
      ...(message === undefined ? {} : { message }),
    });
  };
}
