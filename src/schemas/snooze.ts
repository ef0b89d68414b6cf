import { z } from 'zod/mini';
import { conversationSnoozeSchema } from './conversation-snooze.ts';
import { SNOOZING_CONVERSATIONS_MAX } from './limits.ts';

/**
 * Snoozing a conversation (the dashboard's own data, never sent to the Commerce API), shared by the BFF
 * and the SPA. A snoozed conversation leaves every list but "Snoozed" until it wakes: at its time, or as soon as the shopper writes, whichever comes first
 * (a snooze without a time waits for the shopper only). Closing it, or handing it back to the bot,
 * clears the snooze. The mark rows carry and the live event are in conversation-snooze.ts.
 */

/** An RFC 3339 time with a zone (`Z` or an offset), as the browser's toISOString() writes it. */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const timeSchema = z.string().check(
  z.regex(RFC3339, 'A time like 2026-11-27T09:00:00Z.'),
  z.refine((value) => !Number.isNaN(Date.parse(value)), 'Not a real date.'),
);

/**
 * PUT /bff/conversations/{id}/snooze, and each conversation of POST /bff/snoozes: until a time (in the
 * future, at most SNOOZE_AHEAD_MAX_DAYS ahead) or, with `until: null`, until the shopper writes.
 */
export const snoozeRequestSchema = z.strictObject({ until: z.nullable(timeSchema) });
export type SnoozeRequest = z.infer<typeof snoozeRequestSchema>;

/** POST /bff/snoozes: snooze several conversations of the bulk selection. */
export const bulkSnoozeSchema = z.strictObject({
  conversation_ids: z
    .array(z.string().check(z.minLength(1), z.maxLength(255)))
    .check(z.minLength(1), z.maxLength(SNOOZING_CONVERSATIONS_MAX)),
  until: z.nullable(timeSchema),
});

/** The answer of PUT: the snooze. */
export const snoozeAnswerSchema = z.looseObject({ data: conversationSnoozeSchema });

/** GET /bff/conversations/{id}/snooze: the conversation's snooze, asleep or woken; null when none. */
export const conversationSnoozeAnswerSchema = z.looseObject({ data: z.nullable(conversationSnoozeSchema) });

/** The answer of POST /bff/snoozes: which were snoozed and which were refused, with why. */
export const bulkSnoozeAnswerSchema = z.looseObject({
  data: z.looseObject({
    snoozed: z.array(z.string()),
    refused: z.array(z.looseObject({ conversation_id: z.string(), code: z.string(), message: z.string() })),
  }),
});

/** Refusals of the snooze routes (the standard error envelope's `code`). */
export const SNOOZE_ERROR_CODES = {
  /** The time is not after now (422). */
  inPast: 'snooze_in_past',
  /** More than SNOOZE_AHEAD_MAX_DAYS ahead (422). */
  tooFar: 'snooze_too_far',
  /** A closed conversation cannot be snoozed (409). */
  closed: 'conversation_closed',
  /** No such conversation in the store (404). */
  unknownConversation: 'unknown_conversation',
} as const;
