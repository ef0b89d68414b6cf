import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { PendingWrite } from '@/lib/idempotency';
import { knowledgeSourceKeys } from '@/lib/query-keys';
import {
  knowledgeSourceSchema,
  type KnowledgeSource,
  type KnowledgeSourceCreate,
} from '@/schemas/knowledge-source';
import { singleSchema, type ListOf } from '@/schemas/page';
import { knowledgeSourcesQueryOptions, type KnowledgeSourceFilters } from './get-knowledge-sources';

/**
 * POST /api/v1/agent-knowledge-sources. The embed runs before the answer, so this can take a while and
 * the 201 carries the final chunk_count. The key comes from the caller (minted when the user submitted)
 * so every retry of that one submission, automatic or by hand, is the same request to the server.
 */
export const postKnowledgeSource = ({ idempotencyKey, payload }: PendingWrite<KnowledgeSourceCreate>) =>
  apiRequest('/api/v1/agent-knowledge-sources', {
    method: 'POST',
    body: payload,
    idempotencyKey,
    schema: singleSchema(knowledgeSourceSchema),
  });

type SourcePages = InfiniteData<ListOf<KnowledgeSource>, unknown>;

/** Puts the new source first in every loaded list it belongs to (lists are newest first). */
function insertCreated(pages: SourcePages | undefined, source: KnowledgeSource): SourcePages | undefined {
  const [first, ...rest] = pages?.pages ?? [];
  if (!pages || !first || pages.pages.some((page) => page.data.some((item) => item.id === source.id))) {
    return pages;
  }
  return { ...pages, pages: [{ ...first, data: [source, ...first.data] }, ...rest] };
}

export function useCreateKnowledgeSource({
  onCreated,
}: {
  /** Runs even if the form was left while the ingest ran. */
  onCreated?: (source: KnowledgeSource, write: PendingWrite<KnowledgeSourceCreate>) => void;
} = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postKnowledgeSource,
    onSuccess: ({ data: source }, write) => {
      for (const kind of [undefined, source.kind] satisfies KnowledgeSourceFilters['kind'][]) {
        queryClient.setQueryData(knowledgeSourcesQueryOptions({ kind }).queryKey, (pages) =>
          insertCreated(pages, source),
        );
      }
      onCreated?.(source, write);
      // Then the server's word on every list (order, counts, other people's additions).
      void queryClient.invalidateQueries({ queryKey: knowledgeSourceKeys.lists() });
    },
  });
}
