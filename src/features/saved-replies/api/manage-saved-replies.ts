import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { hasErrorCode } from '@/lib/api-error';
import { savedRepliesQueryOptions } from '@/lib/saved-replies';
import { savedReplyAnswerSchema, type SavedReplyValues } from '@/schemas/saved-replies';

const replyPath = (id: string) => `/bff/saved-replies/${encodeURIComponent(id)}`;

/**
 * An owner's writes to the saved replies (create, edit, delete), each followed by a fresh read of the
 * list. A create is not retried on its own: a lost answer could otherwise add the reply twice; the form
 * keeps what was typed and the owner sends it again.
 */
export function useSavedReplyWrites() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: savedRepliesQueryOptions().queryKey });
  const save = useMutation({
    mutationFn: ({ id, values }: { id: string | null; values: SavedReplyValues }) =>
      id === null
        ? apiRequest('/bff/saved-replies', {
            method: 'POST',
            body: values,
            schema: savedReplyAnswerSchema,
            retry: false,
          })
        : apiRequest(replyPath(id), { method: 'PUT', body: values, schema: savedReplyAnswerSchema }),
    // In the list at once (the form hands focus to it), then in the server's order when read again.
    onSuccess: ({ data: saved }) =>
      queryClient.setQueryData(savedRepliesQueryOptions().queryKey, (replies) =>
        replies?.some((reply) => reply.id === saved.id)
          ? replies.map((reply) => (reply.id === saved.id ? saved : reply))
          : [...(replies ?? []), saved],
      ),
    onSettled,
  });
  const remove = useMutation({
    // Already gone (a retry after a lost answer, or another owner) is what was asked for.
    mutationFn: (id: string) =>
      apiRequest(replyPath(id), { method: 'DELETE' }).catch((error: unknown) => {
        if (!hasErrorCode(error, 'not_found', 404)) throw error;
      }),
    onSettled,
  });
  return { save, remove };
}
