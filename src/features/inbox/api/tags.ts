import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { conversationKeys, inboxKeys, tagKeys } from '@/lib/query-keys';

import {
  conversationTagListSchema,
  tagAnswerSchema,
  tagDeletedSchema,
  taggingAnswerSchema,
  tagListSchema,
  type TagCreate,
  type Tagging,
  type TagUpdate,
} from '@/schemas/tags';

/*
 * The tag requests. Only the tag picker, the tag filter, the tags dialog and the open conversation's
 * tags use them, each loaded on first use; so this file is not in the `inbox-data` group of
 * vite.config.ts, which the inbox loads up front.
 */

/** GET /bff/tags: the store's tags by name, with how many conversations carry each. */
export const tagsQueryOptions = () =>
  queryOptions({
    queryKey: tagKeys.lists(),
    queryFn: ({ signal }) =>
      apiRequest('/bff/tags', { schema: tagListSchema, signal }).then((answer) => answer.data),
  });

/** The store's tags; read only where they are shown (`enabled`). */
export const useTags = (enabled = true) => useQuery({ ...tagsQueryOptions(), enabled });

/** GET /bff/conversations/{id}/tags: one conversation's tags, for its pane. */
export const useConversationTags = (conversationId: string) =>
  useQuery({
    queryKey: conversationKeys.tags(conversationId),
    queryFn: ({ signal }) =>
      apiRequest(`/bff/conversations/${encodeURIComponent(conversationId)}/tags`, {
        schema: conversationTagListSchema,
        signal,
      }).then((answer) => answer.data),
  });

/**
 * The tag writes (loaded with the picker and the tags dialog). Each answer is the truth for whoever made
 * it: the lists, counts and conversations' tags are read again (the tags' live `records` event does the
 * same in every other dashboard).
 */
function useTagWrite<Input, Answer>(write: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: tagKeys.all }),
        queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
        queryClient.invalidateQueries({
          predicate: (query) =>
            query.queryKey.at(-1) === 'tags' && query.queryKey[0] === conversationKeys.all[0],
        }),
      ]),
  });
}

/** POST /bff/conversation-tags: add and remove tags on one conversation or several. */
export const useTagging = () =>
  useTagWrite((tagging: Tagging) =>
    apiRequest('/bff/conversation-tags', { method: 'POST', body: tagging, schema: taggingAnswerSchema }),
  );

/** POST /bff/tags (owners). */
export const useCreateTag = () =>
  useTagWrite((tag: TagCreate) =>
    apiRequest('/bff/tags', { method: 'POST', body: tag, schema: tagAnswerSchema }).then(
      (answer) => answer.data,
    ),
  );

/** PATCH /bff/tags/{id} (owners): rename, recolour. */
export const useUpdateTag = () =>
  useTagWrite(({ id, ...change }: TagUpdate & { id: string }) =>
    apiRequest(`/bff/tags/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: change,
      schema: tagAnswerSchema,
    }),
  );

/** DELETE /bff/tags/{id} (owners): answers how many conversations lost it. */
export const useDeleteTag = () =>
  useTagWrite((id: string) =>
    apiRequest(`/bff/tags/${encodeURIComponent(id)}`, { method: 'DELETE', schema: tagDeletedSchema }).then(
      (answer) => answer.data.removed_from,
    ),
  );
