import { z } from 'zod/mini';
import { atMostCharacters } from './characters.ts';
import { idSchema, timestampSchema } from './common.ts';
import { NOTE_BODY_MAX, NOTE_MENTIONS_MAX } from './limits.ts';
import { listSchema } from './page.ts';

/**
 * Internal notes on a conversation: the team's own words about a shopper, kept in the dashboard's
 * database and never sent to the Commerce API (anything posted there is delivered to the shopper).
 * Shared by the BFF (`/bff/conversations/{id}/notes`, `/bff/notes/{id}`, `/bff/mentions`) and the SPA.
 */
export const noteSchema = z.looseObject({
  id: idSchema,
  conversation_id: idSchema,
  author_user_id: z.string(),
  body: z.string(),
  /** The teammates the note mentions (store user ids, on the roster when written). */
  mentioned_user_ids: z.array(z.string()),
  created_at: timestampSchema,
  /** When its author last changed it; null if never. */
  edited_at: z.nullable(timestampSchema),
});
export type Note = z.infer<typeof noteSchema>;

/** GET /bff/conversations/{id}/notes: a page of notes, newest first. */
export const noteListSchema = listSchema(noteSchema);
export const noteAnswerSchema = z.looseObject({ data: noteSchema });

/** POST /bff/conversations/{id}/notes and PATCH /bff/notes/{id}: the whole note as its author wants it. */
export const noteWriteSchema = z.strictObject({
  body: z.string().check(
    z.refine((body) => body.trim() !== '', { message: 'A note cannot be blank.' }),
    z.superRefine(atMostCharacters(NOTE_BODY_MAX, `A note can be at most ${NOTE_BODY_MAX} characters.`)),
  ),
  mentioned_user_ids: z.optional(
    z.array(z.string().check(z.minLength(1), z.maxLength(255))).check(z.maxLength(NOTE_MENTIONS_MAX)),
  ),
});
export type NoteWrite = z.infer<typeof noteWriteSchema>;

/** A note that mentions the signed-in person (GET /bff/mentions), newest first. */
export const mentionSchema = z.looseObject({
  note: noteSchema,
  /** The shopper's name as the dashboard last copied it; null when unknown. */
  shopper_name: z.nullable(z.string()),
  /** Opened by the person since (PUT /bff/mentions/{note id}/read). */
  read: z.boolean(),
});
export type Mention = z.infer<typeof mentionSchema>;
export const mentionListSchema = z.looseObject({
  data: z.array(mentionSchema),
  unread: z.int().check(z.nonnegative()),
});

export const NOTE_CHANGES = ['added', 'edited', 'deleted'] as const;

/** How many characters of a note its live event carries. */
export const NOTE_PREVIEW_CHARS = 140;

/**
 * A note as the live stream carries it: who wrote it, whom it mentions, and a short preview, never its
 * whole text (a dashboard reads that with GET /bff/notes/{id}): every open dashboard gets each event,
 * and the replay window holds them, so their size stays small whatever was written.
 */
export const noteSummarySchema = z.looseObject({
  id: idSchema,
  conversation_id: idSchema,
  author_user_id: z.string(),
  /** The first characters of the note, with an ellipsis when there are more; empty once deleted. */
  preview: z.string(),
  mentioned_user_ids: z.array(z.string()),
  created_at: timestampSchema,
  edited_at: z.nullable(timestampSchema),
});
export type NoteSummary = z.infer<typeof noteSummarySchema>;

/** A note's live summary: all of it but its words, of which only the first ones. */
export function summariseNote({ body, ...rest }: Note): NoteSummary {
  const chars = [...body];
  const preview =
    chars.length > NOTE_PREVIEW_CHARS ? `${chars.slice(0, NOTE_PREVIEW_CHARS).join('')}…` : body;
  return { ...rest, preview };
}

/** The live `note` event: a note written, changed or deleted just now. */
export const noteEventSchema = z.looseObject({
  conversation_id: z.string(),
  change: z.enum(NOTE_CHANGES),
  note: noteSummarySchema,
  /** Teammates this change mentions who were not mentioned before: each gets an alert. */
  newly_mentioned_user_ids: z.array(z.string()),
});
export type NoteEvent = z.infer<typeof noteEventSchema>;

/** Refusals of the note routes (the error envelope's codes). */
export const NOTE_ERRORS = {
  notFound: 'note_not_found',
  notYours: 'note_not_yours',
  conversationNotFound: 'conversation_not_found',
  unknownMention: 'unknown_mention',
} as const;
