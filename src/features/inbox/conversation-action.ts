import { newIdempotencyKey } from '@/lib/idempotency';
import type { Conversation, ConversationUpdate } from '@/schemas/conversation';

/** What a person can do to a conversation. Each changes exactly one of the PUT's three fields. */
export type ConversationAction =
  | { kind: 'take-over' }
  | { kind: 'hand-back' }
  /** null unassigns. */
  | { kind: 'assign'; assignee: string | null }
  | { kind: 'close' }
  | { kind: 'reopen' };

/**
 * The change an action makes to a conversation in its current state. Taking over makes the conversation
 * the taker's when nobody holds it (a teammate's assignment stands).
 */
export function changeOf(
  action: ConversationAction,
  current: Pick<Conversation, 'assigned_to'>,
  actorUserId: string,
): Partial<ConversationUpdate> {
  switch (action.kind) {
    case 'take-over':
      return current.assigned_to === null
        ? { handoff_state: 'human', assigned_to: actorUserId }
        : { handoff_state: 'human' };
    case 'hand-back':
      return { handoff_state: 'bot' };
    case 'assign':
      return { assigned_to: action.assignee };
    case 'close':
      return { status: 'closed' };
    case 'reopen':
      return { status: 'active' };
  }
}

/** One user action on one conversation, with the Idempotency-Key minted when the user acted. */
export type PendingAction = {
  conversation: Conversation;
  action: ConversationAction;
  idempotencyKey: string;
};

export function pendingAction(conversation: Conversation, action: ConversationAction): PendingAction {
  return { conversation, action, idempotencyKey: newIdempotencyKey() };
}
