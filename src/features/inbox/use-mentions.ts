import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '@/lib/use-live-stream';
import { mentionKeys } from '@/lib/query-keys';
import { useCurrentSession } from '@/lib/session-context';

export const mentionsQueryOptions = queryOptions({
  queryKey: mentionKeys.all,
  queryFn: ({ signal }) => import('./api/mentions-request').then((api) => api.getMentions(signal)),
  refetchOnWindowFocus: false,
  staleTime: Number.POSITIVE_INFINITY,
});

/**
 * The notes that mention the signed-in person, kept current from the live `note` event: a new mention
 * raises a toast (and a desktop alert when alerts are on), and an edit or deletion re-reads the list.
 */
export function useMentions(onOpen: (conversationId: string) => void) {
  const { user, roster } = useCurrentSession();
  const queryClient = useQueryClient();
  const query = useQuery(mentionsQueryOptions);
  useLiveEvents((event) => {
    if (event.name === 'resync') void queryClient.invalidateQueries({ queryKey: mentionKeys.all });
    if (event.name !== 'note') return;
    const { note } = event.data;
    const listed = queryClient
      .getQueryData(mentionsQueryOptions.queryKey)
      ?.data.some((mention) => mention.note.id === note.id);
    if (listed || note.mentioned_user_ids.includes(user.id))
      void queryClient.invalidateQueries({ queryKey: mentionKeys.all });
    if (event.data.newly_mentioned_user_ids.includes(user.id))
      void import('./mention-alert').then((alert) => alert.alertMention(note, roster, onOpen));
  });
  return query;
}
