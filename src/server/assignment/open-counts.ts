import type { Conversation } from '../../schemas/conversation.ts';
import type { ConversationSnooze } from '../../schemas/conversation-snooze.ts';
import { isOpenFor, needsPerson } from '../../schemas/inbox-rules.ts';
import { marksOf } from '../inbox/inbox-query.ts';

/**
 * What the per-person limit of automatic assignment counts: each teammate's active conversations handled
 * by a person (those back with the assistant wait for nobody).
 */
export function handledCountsByPerson(
  records: readonly { conversation: Conversation }[],
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { conversation } of records)
    if (needsPerson(conversation) && conversation.assigned_to !== null)
      counts.set(conversation.assigned_to, (counts.get(conversation.assigned_to) ?? 0) + 1);
  return counts;
}

/** How many open conversations (isOpenFor) each teammate has: what "Mine" and the Away question count. */
export function openCountsByPerson(
  records: readonly { conversation: Conversation }[],
  snoozes: ReadonlyMap<string, ConversationSnooze>,
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { conversation } of records) {
    const person = conversation.assigned_to;
    if (
      person !== null &&
      isOpenFor(conversation, person, marksOf({ tags: undefined, snoozes }, conversation.id))
    )
      counts.set(person, (counts.get(person) ?? 0) + 1);
  }
  return counts;
}
