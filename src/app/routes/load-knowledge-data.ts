import type { QueryClient } from '@tanstack/react-query';
import { knowledgeSourcesQueryOptions } from '@/features/knowledge/api/get-knowledge-sources';
import { knowledgeKindSchema } from '@/schemas/knowledge-source';
import { loadSession } from './load-session';

/** The first page of sources for the kind in the address (as useKindFilter reads it), started beside the code. */
export async function loadKnowledgeData(queryClient: QueryClient, url: URL) {
  if (!(await loadSession(queryClient))) return;
  const kind = knowledgeKindSchema.safeParse(url.searchParams.get('kind'));
  await queryClient
    .ensureInfiniteQueryData(knowledgeSourcesQueryOptions({ kind: kind.success ? kind.data : undefined }))
    .catch(() => undefined);
}
