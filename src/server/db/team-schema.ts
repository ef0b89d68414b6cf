import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { SnoozeWakeReason } from '../../schemas/conversation-snooze.ts';
import { at } from './columns.ts';

// The team's own records: availability, saved replies, notes, tags, snoozes and the people.

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
