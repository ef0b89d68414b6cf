import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { conversationKeys, inboxKeys } from '@/lib/query-keys';
import { bulkSnoozeAnswerSchema, conversationSnoozeAnswerSchema, snoozeAnswerSchema } from '@/schemas/snooze';

/*
 * The snooze requests. The snooze dialog and the open conversation's snooze use them, each loaded on
 * first use; so this file is not in vite.config.ts's inbox-data group, which the inbox loads up front.
 */

const snoozePath = (conversationId: string) =>
  `/bff/conversations/${encodeURIComponent(conversationId)}/snooze`;

/** GET /bff/conversations/{id}/snooze: the open conversation's snooze (null: none). */
export const useConversationSnooze = (conversationId: string) =>
  useQuery({
    queryKey: conversationKeys.snooze(conversationId),
    queryFn: ({ signal }) =>
      apiRequest(snoozePath(conversationId), { schema: conversationSnoozeAnswerSchema, signal }).then(
        (answer) => answer.data,
      ),
  });

/**
 * Every snooze write is the truth for whoever made it: the lists, counts and the conversations' snoozes
 * are read again (the live `snooze` event does the same in every other dashboard).
 */
function useSnoozeWrite<Input, Answer>(write: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
        queryClient.invalidateQueries({
          predicate: (query) =>
            query.queryKey.at(-1) === 'snooze' && query.queryKey[0] === conversationKeys.all[0],
        }),
      ]),
  });
}

/**
 * Snoozes one conversation (PUT) or several (POST /bff/snoozes) until `until` (an ISO time) or, with
 * null, until the shopper writes. Answers which were snoozed and which were refused, with why.
 */
export const useSnooze = () =>
  useSnoozeWrite(
    async ({ conversationIds, until }: { conversationIds: readonly string[]; until: string | null }) => {
      if (conversationIds.length === 1) {
        await apiRequest(snoozePath(conversationIds[0]!), {
          method: 'PUT',
          body: { until },
          schema: snoozeAnswerSchema,
        });
        return { snoozed: [...conversationIds], refused: [] };
      }
      const answer = await apiRequest('/bff/snoozes', {
        method: 'POST',
        body: { conversation_ids: conversationIds, until },
        schema: bulkSnoozeAnswerSchema,
      });
      return answer.data;
    },
  );

/** DELETE /bff/conversations/{id}/snooze: wakes it now (or clears the mark of one that woke). */
export const useWake = () =>
  useSnoozeWrite((conversationId: string) => apiRequest(snoozePath(conversationId), { method: 'DELETE' }));
