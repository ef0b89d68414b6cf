import type { Db } from '../db/database.ts';
import { conversationEvents, conversations, messages } from '../db/schema.ts';

export const SAM = 'usr_sam';
export const ALEX = 'usr_alex';
export const at = (iso: string) => new Date(iso);

/**
 * A known store, in Europe/Oslo (UTC+1 in November). The period asked for is 2026-11-02 to 2026-11-04
 * there: from 2026-11-01T23:00Z to 2026-11-04T23:00Z. c6 started before it and c7 after it; c2 and c5
 * start late in the evening in UTC, which is the next day (c2) or the last hour (c5) in Oslo.
 */
export const CONVERSATIONS = [
  ['c1', 'website', 'closed', 'human', 'Kari', '2026-11-02T08:00:00Z'],
  ['c2', 'messaging_a', 'closed', 'human', '=HYPERLINK("http://evil.example")', '2026-11-02T23:30:00Z'],
  ['c3', 'website', 'active', 'bot', 'Léa', '2026-11-03T10:00:00Z'],
  ['c4', 'messaging_b', 'active', 'human', null, '2026-11-04T12:00:00Z'],
  ['c5', 'website', 'active', 'human', 'Per, "the jacket"', '2026-11-04T22:59:00Z'],
  ['c6', 'website', 'active', 'human', 'Ola', '2026-11-01T22:30:00Z'],
  ['c7', 'website', 'active', 'bot', null, '2026-11-05T00:00:00Z'],
] as const;

/** [conversation, role, author, content, rating, created_at] */
export const MESSAGES = [
  ['c1', 'user', null, 'Where is my order?', null, '2026-11-02T08:00:00Z'],
  ['c1', 'assistant', null, 'Let me look it up.', 2, '2026-11-02T08:01:00Z'],
  ['c1', 'user', null, 'I want a person', null, '2026-11-02T08:09:00Z'],
  ['c1', 'assistant', SAM, 'Hi, Sam here.', 5, '2026-11-02T08:12:00Z'],
  ['c2', 'user', null, 'Do you ship to Norway?', null, '2026-11-02T23:30:00Z'],
  ['c2', 'user', null, 'Can a human help?', null, '2026-11-02T23:39:00Z'],
  ['c2', 'assistant', ALEX, 'Alex here, yes we do.', 3, '2026-11-02T23:50:00Z'],
  ['c2', 'assistant', SAM, 'Sam adding: in 3 days.', 4, '2026-11-02T23:55:00Z'],
  ['c3', 'user', null, 'Hi', null, '2026-11-03T10:00:00Z'],
  ['c3', 'assistant', null, 'Hello! How can I help?', 5, '2026-11-03T10:00:05Z'],
  ['c3', 'assistant', null, 'Anything else?', 4, '2026-11-03T10:01:00Z'],
  ['c4', 'user', null, 'Can I change my delivery address?', null, '2026-11-04T12:00:00Z'],
  ['c4', 'user', null, 'Let me talk to someone', null, '2026-11-04T12:04:00Z'],
  ['c4', 'assistant', ALEX, 'Sure, which address?', 1, '2026-11-04T12:35:00Z'],
  ['c5', 'user', null, 'Is the jacket waterproof?', null, '2026-11-04T22:59:00Z'],
  ['c6', 'user', null, 'Hello?', null, '2026-11-01T22:30:00Z'],
  ['c6', 'user', null, 'Still waiting for a refund', null, '2026-11-02T06:59:00Z'],
  ['c6', 'assistant', SAM, 'Refunded today.', null, '2026-11-02T07:40:00Z'],
  ['c7', 'user', null, 'Open on Sunday?', null, '2026-11-05T00:00:00Z'],
] as const;

/** [conversation, kind, at] as the history recorded them. */
export const EVENTS = [
  ['c1', 'handed_to_person', '2026-11-02T08:10:00Z'],
  ['c1', 'closed', '2026-11-02T09:00:00Z'],
  ['c2', 'handed_to_person', '2026-11-02T23:40:00Z'],
  ['c2', 'closed', '2026-11-03T01:30:00Z'],
  ['c4', 'handed_to_person', '2026-11-04T12:05:00Z'],
  ['c4', 'assigned', '2026-11-04T12:06:00Z'],
  // After the period's end in Oslo (00:30 on 2026-11-05).
  ['c5', 'handed_to_person', '2026-11-04T23:30:00Z'],
  ['c6', 'handed_to_person', '2026-11-02T07:00:00Z'],
] as const;

/** Writes the known store above into the dashboard's copy. */
export async function seedReportStore(db: Db): Promise<void> {
  await db.insert(conversations).values(
    CONVERSATIONS.map(([id, channel, status, handoffState, displayName, created]) => ({
      id,
      channel,
      status,
      handoffState,
      displayName,
      assignedTo: null,
      email: null,
      createdAt: at(created),
      updatedAt: at('2026-11-05T12:00:00Z'),
    })),
  );
  await db.insert(messages).values(
    MESSAGES.map(([conversationId, role, authorUserId, content, rating, created], index) => ({
      id: `m${index}`,
      conversationId,
      role,
      authorUserId,
      content,
      rating,
      createdAt: at(created),
    })),
  );
  await db.insert(conversationEvents).values(
    EVENTS.map(([conversationId, kind, when]) => ({
      conversationId,
      kind,
      version: when,
      actorUserId: null,
      detail: {},
      at: at(when),
    })),
  );
}
