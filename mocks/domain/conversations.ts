import { refuse } from '../core/errors.ts';
import type { ConversationRecord, StoreData } from '../state/types.ts';

/** The conversation addressed by the url, in the key's store only (another store's id reads as absent). */
export function conversationIn(store: StoreData, conversationId: string | undefined): ConversationRecord {
  const conversation = conversationId === undefined ? undefined : store.conversations.get(conversationId);
  if (conversation === undefined) throw refuse.notFound('agent_conversation');
  return conversation;
}

export function isRosterMember(store: StoreData, userId: string): boolean {
  return store.roster.some((member) => member.id === userId);
}
