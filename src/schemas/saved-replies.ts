import { z } from 'zod/mini';
import { atMostCharacters } from './characters.ts';
import { timestampSchema } from './common.ts';
import { SAVED_REPLY_SHORTCUT_MAX, SAVED_REPLY_TEXT_MAX, SAVED_REPLY_TITLE_MAX } from './limits.ts';

/**
 * Saved replies: the store team's answers to common questions, kept in the dashboard's own database and
 * inserted into the reply box. One schema for the owner's form, the BFF's check and the wire.
 */

/** A shortcut is typed after `/` in the reply box: one word of letters, digits, `-` or `_`. */
const SHORTCUT_PATTERN = /^[a-z0-9][a-z0-9_-]*$/;

export const savedReplyInputSchema = z.strictObject({
  title: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Give the reply a title.'),
      z.superRefine(
        atMostCharacters(
          SAVED_REPLY_TITLE_MAX,
          `A title holds at most ${SAVED_REPLY_TITLE_MAX} characters. Shorten it.`,
        ),
      ),
    ),
  /** Stored lower-case; blank or null means none. Unique in the store. */
  shortcut: z.optional(
    z.nullable(
      z.pipe(
        z.string().check(
          z.trim(),
          z.toLowerCase(),
          z.superRefine(
            atMostCharacters(
              SAVED_REPLY_SHORTCUT_MAX,
              `A shortcut holds at most ${SAVED_REPLY_SHORTCUT_MAX} characters.`,
            ),
          ),
          z.refine((value) => value === '' || SHORTCUT_PATTERN.test(value), {
            message: 'A shortcut is one word of letters, digits, - or _ (no spaces, no /).',
          }),
        ),
        z.transform((value) => (value === '' ? null : value)),
      ),
    ),
  ),
  text: z.string().check(
    z.refine((text) => text.trim() !== '', { message: 'Write the text of the reply.' }),
    z.superRefine(
      atMostCharacters(
        SAVED_REPLY_TEXT_MAX,
        `The text holds at most ${SAVED_REPLY_TEXT_MAX} characters. Shorten it.`,
      ),
    ),
  ),
});
export type SavedReplyInput = z.input<typeof savedReplyInputSchema>;
export type SavedReplyValues = z.output<typeof savedReplyInputSchema>;

export const savedReplySchema = z.looseObject({
  id: z.string(),
  title: z.string(),
  shortcut: z.nullable(z.string()),
  text: z.string(),
  /** How many times someone inserted it into a reply. */
  use_count: z.int().check(z.nonnegative()),
  created_by: z.string(),
  created_at: timestampSchema,
  updated_by: z.string(),
  updated_at: timestampSchema,
});
export type SavedReply = z.infer<typeof savedReplySchema>;

/** GET /bff/saved-replies: every saved reply of the store, most used first. */
export const savedRepliesAnswerSchema = z.looseObject({ data: z.array(savedReplySchema) });
/** POST, PUT /bff/saved-replies(/{id}) and POST /bff/saved-replies/{id}/uses. */
export const savedReplyAnswerSchema = z.looseObject({ data: savedReplySchema });

/** 409: another saved reply of the store has this shortcut. */
export const SAVED_REPLY_SHORTCUT_TAKEN = 'saved_reply_shortcut_taken';
