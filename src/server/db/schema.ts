import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { SnoozeWakeReason } from '../../schemas/conversation-snooze.ts';

/**
 * The dashboard's own tables. The Commerce API stays the truth of the store's data: `conversations` and
 * `messages` are copies of what the store feed read (for the history, reports and erasure by shopper);
 * the rest is what the API has no place for.
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The latest copy of each conversation the feed read (the API's fields, as read). */
export const conversations = pgTable(
  'conversations',
  {
    id: text('id').primaryKey(),
    status: text('status').notNull(),
    handoffState: text('handoff_state').notNull(),
    assignedTo: text('assigned_to'),
    channel: text('channel').notNull(),
    displayName: text('display_name'),
    email: text('email'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    /**
     * When the history backfill read the whole transcript (conversations met before the dashboard
     * watched them); null when it has not, or the feed's own reads brought the messages.
     */
    transcriptReadAt: at('transcript_read_at'),
    /** The walk brought it new, so its history was seen from its start (nothing to derive from its transcript). */
    seenFromStart: boolean('seen_from_start').notNull().default(false),
  },
  (table) => [
    index('conversations_email_idx').on(sql`lower(${table.email})`),
    index('conversations_updated_at_idx').on(table.updatedAt),
    index('conversations_created_at_idx').on(table.createdAt),
  ],
);

/** The messages the feed read, ratings included (a rating arrives later: upserted by id). */
export const messages = pgTable(
  'messages',
  {
    id: text('id').primaryKey(),
    conversationId: text('conversation_id').notNull(),
    role: text('role').notNull(),
    authorUserId: text('author_user_id'),
    content: text('content').notNull(),
    rating: integer('rating'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    index('messages_conversation_idx').on(table.conversationId, table.createdAt),
    index('messages_created_at_idx').on(table.createdAt),
  ],
);

/**
 * A conversation's history: one row per transition (taken over, assigned, closed...), whoever made it.
 * `version` is the conversation's `updated_at` after the change, so the same transition seen twice (by the
 * dashboard that made it and by the feed, or by two replicas around a lease hand-over) is one row.
 */
export const conversationEvents = pgTable(
  'conversation_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: text('conversation_id').notNull(),
    kind: text('kind').notNull(),
    version: text('version').notNull(),
    /** The dashboard user's store user id when the change was made through the dashboard; else null. */
    actorUserId: text('actor_user_id'),
    /** Kind-specific facts, such as the new assignee. */
    detail: jsonb('detail').$type<Record<string, string | null>>().notNull().default({}),
    at: at('at').notNull(),
  },
  (table) => [
    uniqueIndex('conversation_events_once_idx').on(table.conversationId, table.version, table.kind),
    index('conversation_events_at_idx').on(table.at),
  ],
);

/**
 * Every write the dashboard forwarded for a conversation, with who made it and the outcome (the audit
 * trail). `version` links a successful write to the transitions it caused.
 */
export const dashboardWrites = pgTable(
  'dashboard_writes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: text('conversation_id').notNull(),
    action: text('action').notNull(),
    actorUserId: text('actor_user_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    status: integer('status').notNull(),
    version: text('version'),
    at: at('at').notNull(),
  },
  (table) => [
    index('dashboard_writes_conversation_idx').on(table.conversationId, table.version),
    index('dashboard_writes_at_idx').on(table.at),
  ],
);

/** Small settings of the dashboard itself, one JSON value per key (the retention, for one). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: at('updated_at').notNull(),
});

/**
 * Every version of the assistant's settings the dashboard has seen: saved through it (with who saved it)
 * or read from the store and not made here (`source` 'outside'). `version` is the config's `updated_at`,
 * so a version seen by the save, the feed and a screen's read is one row.
 */
export const configVersions = pgTable(
  'config_versions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    version: text('version').notNull(),
    /** The version as an instant, for the order (the store's clock). */
    versionAt: at('version_at').notNull(),
    /** The editable fields as the store answered them (never a key or anything signed). */
    config: jsonb('config').$type<Record<string, unknown>>().notNull(),
    source: text('source').$type<'dashboard' | 'outside'>().notNull(),
    actorUserId: text('actor_user_id'),
    /** The name the person had when they saved, so the history stays readable if they leave. */
    actorName: text('actor_name'),
    keptAt: at('kept_at').notNull(),
  },
  (table) => [
    uniqueIndex('config_versions_version_idx').on(table.version),
    index('config_versions_order_idx').on(table.versionAt, table.id),
  ],
);

/**
 * The text of each knowledge source the dashboard added (the API ingests it and keeps no copy), so an
 * owner can read it again and add an edited copy. The store's merchant content, not shopper data.
 */
export const knowledgeTexts = pgTable('knowledge_texts', {
  sourceId: text('source_id').primaryKey(),
  kind: text('kind').notNull(),
  title: text('title').notNull(),
  text: text('text').notNull(),
  actorUserId: text('actor_user_id').notNull(),
  actorName: text('actor_name').notNull(),
  createdAt: at('created_at').notNull(),
});

/**
 * Each dashboard user's availability for automatic assignment (keyed by store user id): what they chose,
 * when a dashboard of theirs was last open, when they last did something on one, and when they were last given a conversation (round robin).
 */
export const availability = pgTable('availability', {
  userId: text('user_id').primaryKey(),
  status: text('status').notNull().default('available'),
  /** What going away does with their open conversations: `ask`, `hand_back` or `keep`. */
  awayHandBack: text('away_hand_back').notNull().default('ask'),
  seenAt: at('seen_at'),
  /** Their last input on any dashboard (reported at most once a minute), for the owner's auto-away. */
  activeAt: at('active_at'),
  lastAssignedAt: at('last_assigned_at'),
  updatedAt: at('updated_at').notNull(),
});

/**
 * The store team's saved replies, inserted into the reply box. The shortcut (lower-case, optional) is
 * unique in the store, so `/deli` names one reply; who created and last edited one is kept by id and by
 * the name they had then, so the list stays readable if they leave.
 */
export const savedReplies = pgTable(
  'saved_replies',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    title: text('title').notNull(),
    shortcut: text('shortcut'),
    text: text('text').notNull(),
    useCount: integer('use_count').notNull().default(0),
    createdByUserId: text('created_by_user_id').notNull(),
    createdByName: text('created_by_name').notNull(),
    createdAt: at('created_at').notNull(),
    updatedByUserId: text('updated_by_user_id').notNull(),
    updatedByName: text('updated_by_name').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [uniqueIndex('saved_replies_shortcut_idx').on(table.shortcut)],
);

/**
 * Internal notes: the team's words about a conversation, for the team only (never sent to the Commerce
 * API). A deleted note keeps its row (`deleted_at`) so the history can say who wrote and deleted it; its
 * body is cleared. `mentioned_user_ids` are the teammates it mentions, `read_by` those of them who opened it.
 */
export const notes = pgTable(
  'notes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: text('conversation_id').notNull(),
    authorUserId: text('author_user_id').notNull(),
    body: text('body').notNull(),
    mentionedUserIds: jsonb('mentioned_user_ids').$type<string[]>().notNull().default([]),
    readBy: jsonb('read_by').$type<string[]>().notNull().default([]),
    createdAt: at('created_at').notNull(),
    editedAt: at('edited_at'),
    deletedAt: at('deleted_at'),
  },
  (table) => [
    index('notes_conversation_idx').on(table.conversationId, table.createdAt),
    index('notes_created_at_idx').on(table.createdAt),
  ],
);

/**
 * The store's tags (the dashboard's own, never sent to the Commerce API). Names are unique ignoring case;
 * `colour` is one of TAG_COLOURS (src/schemas/tags.ts).
 */
export const tags = pgTable(
  'tags',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    colour: text('colour').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (table) => [uniqueIndex('tags_name_idx').on(sql`lower(${table.name})`)],
);

/** Which conversation carries which tag, who added it and when. Deleting a tag removes its rows. */
export const conversationTags = pgTable(
  'conversation_tags',
  {
    conversationId: text('conversation_id').notNull(),
    tagId: text('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    addedBy: text('added_by').notNull(),
    addedAt: at('added_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.conversationId, table.tagId] }),
    index('conversation_tags_tag_idx').on(table.tagId),
  ],
);

/**
 * Snoozed conversations (the dashboard's own, never sent to the Commerce API), one row per conversation:
 * asleep while `woke_at` is null, then kept as the "woke" mark until someone opens the conversation,
 * snoozes it again, closes it or hands it back to the bot (which delete the row). `until` null: it
 * wakes only when the shopper writes. `shopper_after`: a shopper message created after it (the store's
 * clock) wakes it; it is the conversation's updated_at when snoozed, which every message moves, so no
 * message the conversation had then can wake it, read or not.
 */
export const snoozes = pgTable(
  'snoozes',
  {
    conversationId: text('conversation_id').primaryKey(),
    snoozedBy: text('snoozed_by').notNull(),
    snoozedAt: at('snoozed_at').notNull(),
    until: at('until'),
    shopperAfter: at('shopper_after').notNull(),
    wokeAt: at('woke_at'),
    wakeReason: text('wake_reason').$type<SnoozeWakeReason>(),
  },
  // The waker's question, "asleep and due", reads only the sleeping snoozes with a time.
  (table) => [
    index('snoozes_due_idx')
      .on(table.until)
      .where(sql`${table.wokeAt} is null`),
  ],
);

/**
 * The inbox's read model when one process reads the store (no Redis): one row per conversation, the
 * record as the model keeps it (the API's copy, the fold of its transcript, when it was handed over),
 * written when it changes so that a restart resumes from here instead of listing the store again.
 */
export const inboxModelRecords = pgTable('inbox_model_records', {
  conversationId: text('conversation_id').primaryKey(),
  record: jsonb('record').$type<Record<string, unknown>>().notNull(),
});

/** The read model's one row of state: whether its first pass is done, and the store feed's checkpoint. */
export const inboxModelState = pgTable('inbox_model_state', {
  id: text('id').primaryKey(),
  /** ModelStage: listing, listed or ready. */
  stage: text('stage').notNull().default('listing'),
  checkpoint: jsonb('checkpoint').$type<Record<string, unknown>>(),
});

/**
 * The people who may use the dashboard, and the roster members who cannot sign in (no email, no password).
 * `store_user_id` is who they act as in the store (`assigned_to`, a reply's author). `status`: `invited`
 * (a link was made, no password yet), `active`, or `removed` (kept, so history lines and notes keep their
 * name). `created_by` is the store user id of the owner who invited them, or `users file`, `demo` or `cli`.
 */
export const people = pgTable(
  'people',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email'),
    name: text('name').notNull(),
    role: text('role').$type<'owner' | 'staff'>().notNull(),
    storeUserId: text('store_user_id').notNull(),
    status: text('status').$type<'invited' | 'active' | 'removed'>().notNull(),
    passwordHash: text('password_hash'),
    /** The TOTP secret (base32) once a second factor is on; `totp_pending` while it is being set up. */
    totpSecret: text('totp_secret'),
    totpPending: text('totp_pending'),
    /** The last TOTP time step used: a code of that step or an earlier one is refused (no reuse). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** SHA-256 digests of the recovery codes (each random, 50 bits: no salt needed), and when each was used. */
    recoveryCodes: jsonb('recovery_codes')
      .$type<{ digest: string; used_at?: string }[]>()
      .notNull()
      .default([]),
    createdBy: text('created_by').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [
    // One person per email and per store user among those not removed (a removed person's may be reused).
    uniqueIndex('people_email_idx')
      .on(sql`lower(${table.email})`)
      .where(sql`${table.status} <> 'removed'`),
    uniqueIndex('people_store_user_idx')
      .on(table.storeUserId)
      .where(sql`${table.status} <> 'removed'`),
  ],
);

/**
 * One-time links: an invitation (`invite`) or a password reset (`reset`), valid until `expires_at`.
 * Only a SHA-256 digest of the link's token is kept; `used_at` or `revoked_at` ends it early.
 */
export const personLinks = pgTable(
  'person_links',
  {
    tokenDigest: text('token_digest').primaryKey(),
    personId: bigint('person_id', { mode: 'number' })
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'invite' | 'reset'>().notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    revokedAt: at('revoked_at'),
  },
  (table) => [index('person_links_person_idx').on(table.personId)],
);

/** The team's history: who invited, changed or removed whom (names as they were then). */
export const teamEvents = pgTable(
  'team_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: at('at').notNull(),
    kind: text('kind').notNull(),
    actorUserId: text('actor_user_id').notNull(),
    actorName: text('actor_name').notNull(),
    subjectName: text('subject_name').notNull(),
    subjectEmail: text('subject_email'),
    detail: jsonb('detail').$type<Record<string, string>>().notNull().default({}),
  },
  (table) => [index('team_events_at_idx').on(table.at)],
);

export const schema = {
  conversations,
  messages,
  conversationEvents,
  dashboardWrites,
  settings,
  configVersions,
  knowledgeTexts,
  availability,
  savedReplies,
  notes,
  tags,
  conversationTags,
  snoozes,
  inboxModelRecords,
  inboxModelState,
  people,
  personLinks,
  teamEvents,
};

/**
 * The store's webhook endpoints and notification templates that someone looked up or acted on through
 * the dashboard (the API has no list of either), with the owner's own label and note. Nothing secret: the
 * API never returns an endpoint's signing secret. `status`: an endpoint's `active`, `inactive` or
 * `auto_disabled` as last read, `not_found` once the store says it is gone, a template's `removed` (then
 * `removed_at` and `removed_by` make its history line) or `removal_refused`.
 */
export const integrations = pgTable(
  'integrations',
  {
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    url: text('url'),
    events: jsonb('events').$type<string[]>().notNull().default([]),
    status: text('status').notNull(),
    lastLookedUpAt: at('last_looked_up_at').notNull(),
    addedBy: text('added_by').notNull(),
    addedByName: text('added_by_name').notNull(),
    addedAt: at('added_at').notNull(),
    label: text('label').notNull().default(''),
    note: text('note').notNull().default(''),
    removedAt: at('removed_at'),
    removedByName: text('removed_by_name'),
    /** An owner opened the list since the last read: the store feed reads this endpoint again. */
    refreshWantedAt: at('refresh_wanted_at'),
  },
  (table) => [primaryKey({ columns: [table.kind, table.id] })],
);
