import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at } from './columns.ts';
import {
  availability,
  conversationTags,
  notes,
  people,
  personLinks,
  savedReplies,
  snoozes,
  tags,
  teamEvents,
} from './team-schema.ts';

export * from './team-schema.ts';

/**
 * The dashboard's own tables. The Commerce API stays the truth of the store's data: `conversations` and
 * `messages` are copies of what the store feed read (for the history, reports and erasure by shopper);
 * the rest is what the API has no place for.
 */

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
