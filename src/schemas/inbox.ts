import { z } from 'zod/mini';
import { CHANNELS, conversationSchema, CONVERSATION_STATUSES, HANDOFF_STATES } from './conversation.ts';
import { TAGS_PER_REQUEST_MAX } from './limits.ts';
import { messageRoleSchema } from './message.ts';
import { conversationSnoozeSchema } from './conversation-snooze.ts';
import { TAG_ID_FORM, tagRefSchema } from './tag-ref.ts';
import { REPORT_SCOPES } from './report-filter.ts';

/**
 * The inbox's read model (derived by the BFF's live hub, once per change for every dashboard), shared by
 * the BFF and the SPA. The Commerce API has no last message, no search and no "waiting" order: these are.
 */

/** Longest preview of the last message, in characters (one line: whitespace runs become one space). */
export const PREVIEW_MAX_CHARS = 140;

export const lastMessageSchema = z.looseObject({
  preview: z.string(),
  /** `user` is the shopper; `assistant` the bot or staff (with `author_user_id`). */
  role: messageRoleSchema,
  author_user_id: z.nullable(z.string()),
  created_at: z.string(),
});
export type LastMessage = z.infer<typeof lastMessageSchema>;

/**
 * What the hub derives from a conversation's messages. Null fields are unknown or not applicable:
 * `last_message` is null until the tail was read (and for a conversation without messages).
 * `waiting_since` is defined in src/server/inbox/read-model.ts (waitingSince).
 */
export const conversationDerivedSchema = z.looseObject({
  last_message: z.nullable(lastMessageSchema),
  last_shopper_message_at: z.nullable(z.string()),
  waiting_since: z.nullable(z.string()),
  /**
   * When the BFF saw the conversation handed to a person (its updated_at then), for new-handoff alerts;
   * null when it needs none or was already waiting when the BFF first listed it.
   */
  handed_over_at: z.optional(z.nullable(z.string())),
});
export type ConversationDerived = z.infer<typeof conversationDerivedSchema>;

/** One row of the read model: the conversation as the API gave it plus what was derived. */
export const conversationSummarySchema = z.looseObject({
  conversation: conversationSchema,
  ...conversationDerivedSchema.shape,
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

/** `conversation` live events carry the derived fields under `summary` (absent from an older BFF). */
export const conversationEventSchema = z.extend(conversationSchema, {
  summary: z.optional(conversationDerivedSchema),
});

export const INBOX_SORTS = ['waiting', 'newest', 'oldest'] as const;
export type InboxSort = (typeof INBOX_SORTS)[number];
export const INBOX_VIEW_IDS = ['unassigned', 'mine', 'needs-person', 'snoozed', 'active', 'closed'] as const;
export type InboxViewCountId = (typeof INBOX_VIEW_IDS)[number];
/** `assigned_to=none`: nobody assigned (the API itself cannot filter on that). */
export const UNASSIGNED = 'none';
export const SEARCH_MAX_CHARS = 200;
export const INBOX_PAGE_MAX = 200;
/** How many of a shopper's other conversations the customer context lists (newest activity first). */
export const CUSTOMER_CONTEXT_MAX = 10;

const TAG_ID = TAG_ID_FORM.source.slice(1, -1);
/** `tag`: one to TAGS_PER_REQUEST_MAX tag ids, comma-separated. */
const TAG_FILTER_FORM = new RegExp(`^${TAG_ID}(,${TAG_ID}){0,${TAGS_PER_REQUEST_MAX - 1}}$`);

/** GET /bff/inbox query: the API's own filter names, plus sort, search, tags and a page cursor. */
export const inboxQuerySchema = z.strictObject({
  status: z.optional(z.enum(CONVERSATION_STATUSES)),
  handoff_state: z.optional(z.enum(HANDOFF_STATES)),
  channel: z.optional(z.enum(CHANNELS)),
  assigned_to: z.optional(z.string().check(z.minLength(1), z.maxLength(255))),
  sort: z.optional(z.enum(INBOX_SORTS)),
  /** Shopper name or email, substring, case-insensitive; spans active and closed, ignoring the filters. */
  q: z.optional(z.string().check(z.maxLength(SEARCH_MAX_CHARS))),
  /** Tag ids, comma-separated: only conversations carrying every one (with the view's filters or the search). */
  tag: z.optional(z.string().check(z.regex(TAG_FILTER_FORM))),
  /**
   * `only`: just the snoozed conversations (the "Snoozed" view); without it, a list leaves them out until
   * they wake. Ignored by a search, which spans everything.
   */
  snoozed: z.optional(z.enum(['only'])),
  /**
   * A conversation id: list the OTHER conversations of its shopper (same email, ignoring case, or same
   * customer id), active and closed, ignoring every other filter; at most CUSTOMER_CONTEXT_MAX per page.
   */
  customer_of: z.optional(z.string().check(z.minLength(1), z.maxLength(255))),
  /**
   * The conversations behind a report figure (report-filter.ts): only those, whatever the view's filters,
   * the search or the tags say; `report_from` and `report_to` are required with `report`.
   */
  report: z.optional(z.enum(REPORT_SCOPES)),
  report_from: z.optional(z.string().check(z.maxLength(10))),
  report_to: z.optional(z.string().check(z.maxLength(10))),
  report_channel: z.optional(z.enum(CHANNELS)),
  report_person: z.optional(z.string().check(z.minLength(1), z.maxLength(255))),
  report_rating: z.optional(z.string().check(z.regex(/^[1-5]$/))),
  limit: z.optional(
    z.pipe(
      z.pipe(z.string().check(z.regex(/^\d+$/)), z.transform(Number)),
      z.int().check(z.minimum(1), z.maximum(INBOX_PAGE_MAX)),
    ),
  ),
  /**
   * The next page, as the last page's `next_cursor` gave it: `k:` and the last row's place in the model's
   * order (its order keys and id), or `api:` and the Commerce API's own cursor.
   */
  after: z.optional(z.string().check(z.regex(/^(k:[A-Za-z0-9_-]{1,1500}|api:[\x21-\x7e]{1,1000})$/))),
});
export type InboxQuery = z.input<typeof inboxQuerySchema>;

export const inboxRowSchema = z.extend(conversationSummarySchema, {
  /** A shopper wrote after this staff member last opened the conversation (or it was never opened). */
  unread: z.boolean(),
  /** Internal notes on the conversation (the dashboard's own); absent while its database is out. */
  note_count: z.optional(z.int().check(z.nonnegative())),
  /** The conversation's tags, by name (the dashboard's own data); absent while its database cannot be read. */
  tags: z.optional(z.array(tagRefSchema)),
  /**
   * The conversation's snooze (the dashboard's own data): asleep, or woken and not yet seen; null when
   * there is none; absent while the dashboard's database cannot be read.
   */
  snooze: z.optional(z.nullable(conversationSnoozeSchema)),
});
export type InboxRow = z.infer<typeof inboxRowSchema>;

export const inboxResponseSchema = z.looseObject({
  data: z.array(inboxRowSchema),
  page: z.looseObject({ has_more: z.boolean(), next_cursor: z.nullable(z.string()) }),
  /**
   * Lists, counts and search come from the read model: it knows every conversation of the store. False
   * while the store is being listed (the model's first pass, a store restored, or a reader that stopped):
   * the BFF then answers from the Commerce API's own list, in its order, without previews, waiting times
   * or unread markers, and the counts are not to be shown.
   */
  listed: z.boolean(),
  /**
   * Listed, and every active conversation's transcript read: previews and waiting times are complete.
   * Between listed and ready the first pass fills them in (`previews`).
   */
  ready: z.boolean(),
  /** Active conversations whose previews and waiting times the model has, of all the active ones it knows. */
  previews: z.looseObject({ read: z.int().check(z.nonnegative()), of: z.int().check(z.nonnegative()) }),
  /**
   * The conversations the BFF saw handed to a person most recently, newest first, that still need one:
   * how every dashboard tells a new handoff, whatever view it shows. Empty while not ready.
   */
  handoffs: z.array(inboxRowSchema),
  /** Conversations per view for this user, over the whole read model. */
  counts: z.record(z.enum(INBOX_VIEW_IDS), z.int().check(z.nonnegative())),
  /**
   * Per tag id, how many conversations of this list (its view's filters or its search, without the tag
   * filter) carry the tag; absent while the dashboard's database cannot be read.
   */
  tag_counts: z.optional(z.record(z.string(), z.int().check(z.nonnegative()))),
  /**
   * With a tag filter on a list that leaves snoozed conversations out (no search): how many with those
   * tags it leaves out because they are snoozed; absent otherwise, or while the database cannot be read.
   */
  snoozed_tagged: z.optional(z.int().check(z.nonnegative())),
  /** Minutes of waiting after which a row stands out (the owner's setting). */
  waiting_threshold_minutes: z.int().check(z.positive()),
});
export type InboxResponse = z.infer<typeof inboxResponseSchema>;

/** PUT /bff/inbox/settings (owner only). */
export const inboxSettingsSchema = z.strictObject({
  waiting_threshold_minutes: z.int().check(z.minimum(1), z.maximum(24 * 60)),
});
export type InboxSettings = z.infer<typeof inboxSettingsSchema>;
export const DEFAULT_WAITING_THRESHOLD_MINUTES = 5;

/** PUT /bff/inbox/opened: the signed-in person opened this conversation (clears its unread marker). */
export const openedSchema = z.strictObject({
  conversation_id: z.string().check(z.minLength(1), z.maxLength(255)),
});
