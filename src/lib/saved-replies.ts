import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { savedRepliesAnswerSchema, savedReplyAnswerSchema } from '@/schemas/saved-replies';
import { apiRequest } from './api-client';
import { partKeys } from './query-keys';

/** The saved replies' part in the BFF: its `records` event and its query keys. */
export const SAVED_REPLIES_PART = 'saved_replies';

/**
 * The store team's saved replies (GET /bff/saved-replies), most used first: read by the reply box's
 * picker and the screen that manages them, one cache for both.
 */
export const savedRepliesQueryOptions = () =>
  queryOptions({
    queryKey: partKeys(SAVED_REPLIES_PART).all,
    queryFn: ({ signal }) =>
      apiRequest('/bff/saved-replies', { schema: savedRepliesAnswerSchema, signal }).then(
        (answer) => answer.data,
      ),
  });

/**
 * POST /bff/saved-replies/{id}/uses: someone inserted the reply. Not retried: a count is not worth a
 * second use recorded for one insertion.
 */
export function useRecordSavedReplyUse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/bff/saved-replies/${encodeURIComponent(id)}/uses`, {
        method: 'POST',
        schema: savedReplyAnswerSchema,
        retry: false,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedRepliesQueryOptions().queryKey }),
  });
}
