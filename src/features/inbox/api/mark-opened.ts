import { apiRequest } from '@/lib/api-client';

/** PUT /bff/inbox/opened: the signed-in person opened this conversation (its unread marker clears). */
export const markOpened = (conversationId: string) =>
  apiRequest('/bff/inbox/opened', {
    method: 'PUT',
    body: { conversation_id: conversationId },
  });
