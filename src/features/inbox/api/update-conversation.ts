import { apiRequest } from '@/lib/api-client';
import type { PendingWrite } from '@/lib/idempotency';
import { conversationSchema, type Conversation, type ConversationUpdate } from '@/schemas/conversation';
import { singleSchema } from '@/schemas/page';

/**
 * PUT /api/v1/agent-conversations/{id}: replaces status, handoff_state and assigned_to together. Build the
 * payload from the freshest stored state (see use-conversation-actions.ts), never from a cached row.
 */
export async function updateConversation({
  conversationId,
  idempotencyKey,
  payload,
}: PendingWrite<ConversationUpdate> & { conversationId: string }): Promise<Conversation> {
  const response = await apiRequest(`/api/v1/agent-conversations/${encodeURIComponent(conversationId)}`, {
    method: 'PUT',
    body: payload,
    idempotencyKey,
    schema: singleSchema(conversationSchema),
  });
  return response.data;
}
