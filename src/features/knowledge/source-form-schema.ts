import { z } from 'zod/mini';
import { atMostCharacters, countCharacters } from '@/schemas/characters';
import { knowledgeKindSchema, type KnowledgeKind } from '@/schemas/knowledge-source';
import { KNOWLEDGE_TEXT_MAX, KNOWLEDGE_TITLE_MAX } from '@/schemas/limits';
import { formatCount, formatCountOf } from './format-count';

/**
 * The add-source form: the draft's fields (source-draft.ts) checked with messages that say what to do.
 * The kind has no default, so a missing one is the owner's choice to make, not a schema default.
 */
export const sourceFormSchema = z.object({
  kind: z.pipe(
    z.nullable(knowledgeKindSchema),
    z.transform((kind: KnowledgeKind | null, context) => {
      if (kind !== null) return kind;
      context.issues.push({
        code: 'custom',
        message: 'Choose whether this is an FAQ or a document.',
        input: kind,
      });
      return z.NEVER;
    }),
  ),
  title: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Give the source a title.'),
      z.superRefine(
        atMostCharacters(
          KNOWLEDGE_TITLE_MAX,
          `A title holds at most ${formatCount(KNOWLEDGE_TITLE_MAX)} characters. Shorten it.`,
        ),
      ),
    ),
  text: z.string().check(
    z.superRefine((text, context) => {
      const over = countCharacters(text) - KNOWLEDGE_TEXT_MAX;
      if (text.trim() === '') {
        context.addIssue({ code: 'custom', message: 'Add the text the assistant should learn from.' });
      } else if (over > 0) {
        context.addIssue({
          code: 'custom',
          message: `The text is ${formatCountOf(over, 'character')} over the limit of ${formatCount(KNOWLEDGE_TEXT_MAX)}. Shorten it, or split it into two sources.`,
        });
      }
    }),
  ),
});
export type SourceFormInput = z.input<typeof sourceFormSchema>;
export type SourceFormOutput = z.output<typeof sourceFormSchema>;
