import type { Conversation } from '../../schemas/conversation.ts';
import type { ConversationSnooze } from '../../schemas/conversation-snooze.ts';
import { isOpenFor } from '../../schemas/inbox-rules.ts';
import { marksOf } from '../inbox/inbox-query.ts';

/** How many open conversations (isOpenFor) each teammate has: what "Mine" and the per-person limit count. */
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

/** The ids of one person's open conversations (isOpenFor): what going away may hand back. */
export function openConversationsOf(
  records: readonly { conversation: Conversation }[],
  snoozes: ReadonlyMap<string, ConversationSnooze>,
  userId: string,
): string[] {
  return records
    .filter(({ conversation }) =>
      isOpenFor(conversation, userId, marksOf({ tags: undefined, snoozes }, conversation.id)),
    )
    .map(({ conversation }) => conversation.id);
}
