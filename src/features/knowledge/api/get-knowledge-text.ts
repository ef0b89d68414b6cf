import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { knowledgeTextAnswerSchema } from '@/schemas/knowledge-text';

/**
 * GET /bff/knowledge-texts/{id}: the text the dashboard submitted for a source (the API keeps none).
 * 404 `knowledge_text_not_kept` when the source was added elsewhere, or before the dashboard kept texts.
 */
export const knowledgeTextQueryOptions = (sourceId: string) =>
  queryOptions({
    queryKey: ['knowledge-texts', sourceId],
    queryFn: ({ signal }) =>
      apiRequest(`/bff/knowledge-texts/${encodeURIComponent(sourceId)}`, {
        schema: knowledgeTextAnswerSchema,
        signal,
      }).then((answer) => answer.data),
    // A kept text never changes: an edited copy is a new source.
    staleTime: Number.POSITIVE_INFINITY,
  });
