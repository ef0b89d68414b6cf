import type { Conversation } from '../../schemas/conversation.ts';
import type { HistoryKind } from '../../schemas/history.ts';

/** The part of a conversation whose changes are history. */
export type ConversationState = Pick<Conversation, 'status' | 'handoff_state' | 'assigned_to'>;

export interface Transition {
  kind: HistoryKind;
  /** For `assigned`: the new assignee (null for nobody). */
  assignedTo?: string | null;
}

/** Where every conversation starts: with the assistant, active, nobody assigned. */
export const NEW_CONVERSATION: ConversationState = {
  status: 'active',
  handoff_state: 'bot',
  assigned_to: null,
};

/** The transitions from one copy of a conversation to a later one (none when nothing of note changed). */
export function transitionsBetween(before: ConversationState, after: ConversationState): Transition[] {
  const transitions: Transition[] = [];
  if (before.handoff_state !== after.handoff_state)
    transitions.push({ kind: after.handoff_state === 'human' ? 'handed_to_person' : 'handed_to_assistant' });
  if (before.assigned_to !== after.assigned_to)
    transitions.push({ kind: 'assigned', assignedTo: after.assigned_to });
  if (before.status !== after.status)
    transitions.push({ kind: after.status === 'closed' ? 'closed' : 'reopened' });
  return transitions;
}
