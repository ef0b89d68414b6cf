import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { conversationKeys } from '@/lib/query-keys';
import { conversationSchema, type Conversation } from '@/schemas/conversation';
import { singleSchema } from '@/schemas/page';

/** GET /api/v1/agent-conversations/{id}: the stored state, without messages. 404 for another store's id. */
export async function getConversation({
  conversationId,
  signal,
}: {
  conversationId: string;
  signal?: AbortSignal;
}): Promise<Conversation> {
  const response = await apiRequest(`/api/v1/agent-conversations/${encodeURIComponent(conversationId)}`, {
    schema: singleSchema(conversationSchema),
    signal,
  });
  return response.data;
}

/** The open conversation. The live sync writes newer versions into it, so it needs no polling of its own. */
export const conversationQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: conversationKeys.detail(conversationId),
    queryFn: ({ signal }) => getConversation({ conversationId, signal }),
  });

export function useConversation(conversationId: string) {
  return useQuery(conversationQueryOptions(conversationId));
}
