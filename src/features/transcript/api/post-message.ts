import { apiRequest } from '@/lib/api-client';
import type { PendingWrite } from '@/lib/idempotency';
import { messageSchema, type MessageCreate } from '@/schemas/message';
import { singleSchema } from '@/schemas/page';
import { messagesPath } from './get-messages';

/**
 * POST .../messages: a staff reply, delivered to the shopper. The key was minted when the user pressed
 * Send and persisted with the reply, so every retry (the client's own, the user's, or one after a
 * reload) sends the same request and the server applies it once.
 */
export async function postMessage({
  conversationId,
  idempotencyKey,
  payload,
}: PendingWrite<MessageCreate> & { conversationId: string }) {
  const response = await apiRequest(messagesPath(conversationId), {
    method: 'POST',
    body: payload,
    idempotencyKey,
    schema: singleSchema(messageSchema),
  });
  return response.data;
}
