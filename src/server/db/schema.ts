import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
  },
  (table) => [
    index('conversations_email_idx').on(sql`lower(${table.email})`),
    index('conversations_updated_at_idx').on(table.updatedAt),
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
 * Each dashboard user's availability for automatic assignment (keyed by store user id): what they chose,
 * when a dashboard of theirs was last open, and when they were last given a conversation (round robin).
 */
export const availability = pgTable('availability', {
  userId: text('user_id').primaryKey(),
  status: text('status').notNull().default('available'),
  seenAt: at('seen_at'),
  lastAssignedAt: at('last_assigned_at'),
  updatedAt: at('updated_at').notNull(),
});

export const schema = {
  conversations,
  messages,
  conversationEvents,
  dashboardWrites,
  settings,
  availability,
};
