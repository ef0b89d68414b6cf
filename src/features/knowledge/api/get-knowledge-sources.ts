import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { knowledgeSourceKeys } from '@/lib/query-keys';
import { cursorPagination, withCursor } from '@/lib/pagination';
import { knowledgeSourceSchema, type KnowledgeKind } from '@/schemas/knowledge-source';
import { listSchema } from '@/schemas/page';

export type KnowledgeSourceFilters = { kind?: KnowledgeKind | undefined };

/** GET /api/v1/agent-knowledge-sources, newest first; `kind` left out lists both kinds. */
export const getKnowledgeSources = ({
  filters,
  after,
  signal,
}: {
  filters: KnowledgeSourceFilters;
  after?: string | undefined;
  signal?: AbortSignal;
}) =>
  apiRequest('/api/v1/agent-knowledge-sources', {
    query: withCursor({ kind: filters.kind }, after),
    schema: listSchema(knowledgeSourceSchema),
    signal,
  });

export const knowledgeSourcesQueryOptions = (filters: KnowledgeSourceFilters) =>
  infiniteQueryOptions({
    ...cursorPagination,
    queryKey: knowledgeSourceKeys.list({ kind: filters.kind ?? null }),
    queryFn: ({ pageParam, signal }) => getKnowledgeSources({ filters, after: pageParam, signal }),
  });

export function useKnowledgeSources(filters: KnowledgeSourceFilters) {
  return useInfiniteQuery(knowledgeSourcesQueryOptions(filters));
}
