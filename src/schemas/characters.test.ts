import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { z as mini } from 'zod/mini';
import { atMostCharacters, countCharacters, truncateCharacters } from './characters.ts';

// "é" written as e + U+0301 (combining acute accent): two code points, one visible letter.
const COMBINING_E = 'e\u0301';
const EMOJI = '😀'; // one code point, two UTF-16 units

describe('characters are Unicode code points', () => {
  it.each([
    ['plain text', 'Hello', 5],
    ['an emoji (two UTF-16 units)', EMOJI, 1],
    ['a flag (two regional indicators)', '🇳🇴', 2],
    ['a combining accent, counted on its own', COMBINING_E, 2],
    ['a precomposed accent', 'é', 1],
    ['empty', '', 0],
  ])('counts %s', (_label, text, count) => {
    expect(countCharacters(text)).toBe(count);
  });

  it('cuts to a number of characters without splitting an emoji', () => {
    expect(truncateCharacters(`ab${EMOJI}${EMOJI}`, 3)).toBe(`ab${EMOJI}`);
    expect(truncateCharacters(`a${COMBINING_E}`, 2)).toBe('ae');
    expect(truncateCharacters('short', 80)).toBe('short');
  });

  it('limits a zod string by characters, with the too_big issue .max() would give', () => {
    const schema = z.string().superRefine(atMostCharacters(3));
    expect(schema.safeParse(EMOJI.repeat(3)).success).toBe(true);
    expect(schema.safeParse(COMBINING_E.repeat(2)).success).toBe(false);
    const [issue] = schema.safeParse('abcd').error?.issues ?? [];
    expect(issue).toMatchObject({ code: 'too_big', origin: 'string', maximum: 3 });
    expect(
      z.string().superRefine(atMostCharacters(1, 'One only.')).safeParse('ab').error?.issues[0]?.message,
    ).toBe('One only.');
  });

  it('limits a zod/mini string the same way (the shared schemas are mini)', () => {
    const schema = mini.string().check(mini.superRefine(atMostCharacters(3)));
    expect(schema.safeParse(EMOJI.repeat(3)).success).toBe(true);
    const [issue] = schema.safeParse(`${COMBINING_E}${COMBINING_E}`).error?.issues ?? [];
    expect(issue).toMatchObject({ code: 'too_big', origin: 'string', maximum: 3 });
  });
});
