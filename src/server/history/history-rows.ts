import type { AssignmentStrategy } from '../../schemas/assignment.ts';
import type { Conversation } from '../../schemas/conversation.ts';
import type { HistoryEntry } from '../../schemas/history.ts';
import type { conversationEvents, conversations } from '../db/schema.ts';
import type { ConversationState, Transition } from './transitions.ts';

// How history rows and conversation copies are written and read.

export type EventRow = typeof conversationEvents.$inferSelect;

/** A stored row as the history's wire entry. */
export const toEntry = (row: EventRow): HistoryEntry => ({
  id: String(row.id),
  conversation_id: row.conversationId,
  kind: row.kind,
  version: row.version,
  at: row.at.toISOString(),
  actor_user_id: row.actorUserId,
  ...('assigned_to' in row.detail ? { assigned_to: row.detail.assigned_to ?? null } : {}),
  ...(row.detail.automatic === 'true' ? { automatic: true } : {}),
  ...(row.detail.strategy === 'round_robin' || row.detail.strategy === 'fewest_open'
    ? { strategy: row.detail.strategy }
    : {}),
  ...(row.detail.note_id ? { note_id: row.detail.note_id } : {}),
  ...(typeof row.detail.tag === 'string' ? { tag: row.detail.tag } : {}),
  ...('until' in row.detail ? { until: row.detail.until ?? null } : {}),
  ...(row.detail.reason === 'time' || row.detail.reason === 'shopper' ? { reason: row.detail.reason } : {}),
});

/** What an automatic assignment adds to its `assigned` entry: that it was automatic, and by which rule. */
export const automaticDetail = (strategy: AssignmentStrategy) => ({ automatic: 'true', strategy });

export const detailOf = (
  transition: Transition,
  automatic: AssignmentStrategy | null,
): Record<string, string | null> =>
  transition.kind === 'assigned'
    ? { assigned_to: transition.assignedTo ?? null, ...(automatic ? automaticDetail(automatic) : {}) }
    : {};

export const stateOf = (row: typeof conversations.$inferSelect): ConversationState => ({
  status: row.status as ConversationState['status'],
  handoff_state: row.handoffState as ConversationState['handoff_state'],
  assigned_to: row.assignedTo,
});

export const copyOf = (conversation: Conversation) => ({
  id: conversation.id,
  status: conversation.status,
  handoffState: conversation.handoff_state,
  assignedTo: conversation.assigned_to,
  channel: conversation.channel,
  displayName: conversation.display_name,
  email: conversation.email,
  createdAt: new Date(conversation.created_at),
  updatedAt: new Date(conversation.updated_at),
});
