import { z } from 'zod/mini';
import { historyEventSchema } from './history.ts';
import { conversationEventSchema } from './inbox.ts';
import { messageSchema } from './message.ts';
import { noteEventSchema } from './note.ts';
import { snoozeEventSchema } from './conversation-snooze.ts';

/**
 * The live hub's wire format (`GET /bff/events`, `PUT /bff/presence`), shared by the BFF and the SPA.
 *
 * The stream is Server-Sent Events read with fetch (it needs `X-CSRF: 1`). Every event but `presence`
 * carries an `id:` (presence is sent as it is now on every connect instead of being replayed);
 * a reconnect sends the last one as `Last-Event-ID` and gets what it missed, or a `resync` when the
 * server no longer holds that far back. Ids are opaque strings: compare them only for equality.
 *
 * On every connect the server first sends `ready` (with an id), so a client that has seen no other event
 * still has an id to resume from; after a reconnect `ready` follows the replayed events.
 */
export const LIVE_EVENT_NAMES = [
  'ready',
  'conversation',
  'message',
  'presence',
  'config',
  'history',
  'availability',
  'note',
  'snooze',
  'records',
  'previews',
  'resync',
] as const;
export type LiveEventName = (typeof LIVE_EVENT_NAMES)[number];

export const PRESENCE_STATES = ['viewing', 'replying'] as const;
export const presenceStateSchema = z.enum(PRESENCE_STATES);
export type PresenceState = z.infer<typeof presenceStateSchema>;

/**
 * PUT /bff/presence: a heartbeat; `conversation_id: null` says the user watches no conversation now.
 * `tab_id` tells a browser's tabs apart (they share one session): each watches its own conversation.
 * Without it (a page of an older build) the session counts as one tab.
 */
export const presenceUpdateSchema = z.strictObject({
  conversation_id: z.nullable(z.string().check(z.minLength(1), z.maxLength(255))),
  state: presenceStateSchema,
  tab_id: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/))),
});
export type PresenceUpdate = z.infer<typeof presenceUpdateSchema>;

export const presenceViewerSchema = z.looseObject({
  user_id: z.string(),
  name: z.string(),
  state: presenceStateSchema,
  /** When this user entered the state (RFC 3339). */
  since: z.string(),
});
export type PresenceViewer = z.infer<typeof presenceViewerSchema>;

/** A part's name as the `records` event carries it: lower case words joined by `_` ("saved_replies"). */
export const partNameSchema = z.string().check(z.regex(/^[a-z]+(_[a-z]+)*$/));

export const recordsEventSchema = z.looseObject({
  part: partNameSchema,
  conversation_ids: z.optional(z.array(z.string())),
});
export type RecordsEvent = z.infer<typeof recordsEventSchema>;

export const liveEventDataSchemas = {
  /** `retry_ms` is how long the client waits before reconnecting after a drop. */
  ready: z.looseObject({ retry_ms: z.optional(z.int().check(z.positive())) }),
  /** The conversation as the API gave it, with the read model's derived fields under `summary`. */
  conversation: conversationEventSchema,
  message: z.looseObject({ conversation_id: z.string(), message: messageSchema }),
  /** Everyone viewing or replying in one conversation; an empty list when the last one left. */
  presence: z.looseObject({ conversation_id: z.string(), viewers: z.array(presenceViewerSchema) }),
  config: z.looseObject({ updated_at: z.nullable(z.string()) }),
  /** History entries of one conversation or several, recorded or attributed just now (see history.ts). */
  history: historyEventSchema,
  /**
   * Someone's availability changed (they chose, opened a dashboard or had none open for a while): the
   * client re-reads GET /bff/availability.
   */
  availability: z.looseObject({ user_ids: z.array(z.string()) }),
  /** An internal note written, edited or deleted (note.ts); never anything the storefront reads. */
  note: noteEventSchema,
  /** Conversations snoozed, woken or cleared, and whom to tell of one that woke (snooze.ts). */
  snooze: snoozeEventSchema,
  /**
   * A part's records changed, and the client need only read them again (tags, saved replies,
   * integrations...): `part` names it, and the browser's query keys of that part derive from the name.
   * A part kept per conversation names the conversations whose records changed in `conversation_ids`
   * (empty for a change that is no one conversation's, such as a new tag), and the inbox's rows are read
   * again too; a part that is not per conversation (saved replies) leaves it out.
   */
  records: recordsEventSchema,
  /**
   * The inbox's first pass read these conversations' transcripts (their previews and waiting times), one
   * event a batch, or the model became listed or ready (then perhaps none): the client reads its lists again.
   */
  previews: z.looseObject({ conversation_ids: z.array(z.string()) }),
  /** The client must re-read its lists: what it missed is no longer held. */
  resync: z.looseObject({}),
} satisfies Record<LiveEventName, z.ZodMiniType>;

export type LiveEventData = { [K in LiveEventName]: z.infer<(typeof liveEventDataSchemas)[K]> };
export type LiveEvent = {
  [K in LiveEventName]: { id: string; name: K; data: LiveEventData[K] };
}[LiveEventName];

/** Refusals of `/bff/events` beyond its caps (429 with Retry-After, the standard envelope). */
export const LIVE_ERROR_CODES = { tooManyStreams: 'too_many_streams' } as const;
