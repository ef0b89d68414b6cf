import { z } from 'zod/mini';
import { SNOOZE_WAKE_REASONS } from './conversation-snooze.ts';

/**
 * A conversation's history (the dashboard's own record, `GET /bff/conversations/{id}/history` and the
 * live `history` event), shared by the BFF and the SPA.
 *
 * One entry per transition: `handed_to_person` (handoff_state bot to human), `handed_to_assistant`
 * (human to bot), `assigned` (`assigned_to` is the new assignee, null for nobody), `closed`, `reopened`.
 * The set is open: a client shows a kind it does not know in general words. `actor_user_id` is the store
 * user who made the change through the dashboard; null when the dashboard did not make it (the assistant,
 * or someone using the store's API directly). Entries with the same `version` came from one change.
 * `automatic` marks an assignment the dashboard made by itself (the owner's automatic assignment).
 * `note_added`, `note_edited` and `note_deleted` say who wrote, changed or deleted an internal note
 * (`note_id`); their version is the note's, not the conversation's.
 * `tagged` and `untagged`: a person added or removed a tag (`tag` is its name then); their `version` names
 * the tag and the moment rather than a version of the conversation, which a tag does not change.
 * `snoozed`: a person snoozed it (`until`: the time, or null for "until the shopper writes");
 * `unsnoozed`: a person woke it before its time; `snooze_ended`: it woke by itself (`reason` `time`: "The
 * snooze ended", `shopper`: "The shopper replied; the snooze ended"). Their version names the moment.
 */
export const HISTORY_KINDS = [
  'handed_to_person',
  'handed_to_assistant',
  'assigned',
  'closed',
  'reopened',
  'note_added',
  'note_edited',
  'note_deleted',
  'tagged',
  'untagged',
  'snoozed',
  'unsnoozed',
  'snooze_ended',
] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];
export type NoteHistoryKind = Extract<HistoryKind, `note_${string}`>;

export const historyEntrySchema = z.looseObject({
  id: z.string(),
  conversation_id: z.string(),
  kind: z.string(),
  /** The conversation's `updated_at` after the change. */
  version: z.string(),
  at: z.string(),
  actor_user_id: z.nullable(z.string()),
  assigned_to: z.optional(z.nullable(z.string())),
  /** An `assigned` entry made by the dashboard's automatic assignment. */
  automatic: z.optional(z.boolean()),
  /** An automatic assignment's rule (`round_robin`, `fewest_open`; a client names those it knows). */
  strategy: z.optional(z.string()),
  /** The internal note a `note_*` entry is about. */
  note_id: z.optional(z.string()),
  /** A `tagged` or `untagged` entry: the tag's name when it was added or removed. */
  tag: z.optional(z.string()),
  /** A `snoozed` entry: until when (null: until the shopper writes). */
  until: z.optional(z.nullable(z.string())),
  /** A `snooze_ended` entry: why it woke. */
  reason: z.optional(z.enum(SNOOZE_WAKE_REASONS)),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const historyListSchema = z.looseObject({ data: z.array(historyEntrySchema) });

/**
 * The live event: entries recorded (or attributed to a person) just now, each naming its conversation. A
 * change to many conversations at once (a bulk tagging or snooze, snoozes waking) is one event, so that
 * it takes one place in the replay window, not one per conversation.
 */
export const historyEventSchema = z.looseObject({ entries: z.array(historyEntrySchema) });
