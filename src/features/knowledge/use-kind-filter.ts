import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { knowledgeKindSchema, type KnowledgeKind } from '@/schemas/knowledge-source';

const PARAM = 'kind';

/** The list's kind filter, kept in the address (`?kind=faq`) so a reload or a shared link keeps it. */
export function useKindFilter(): [KnowledgeKind | undefined, (kind: KnowledgeKind | undefined) => void] {
  const [params, setParams] = useSearchParams();
  // Anything else in the address (a typo, an old link) shows every kind rather than an error.
  const parsed = knowledgeKindSchema.safeParse(params.get(PARAM));
  const kind = parsed.success ? parsed.data : undefined;
  const setKind = useCallback(
    (next: KnowledgeKind | undefined) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === undefined) updated.delete(PARAM);
          else updated.set(PARAM, next);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [kind, setKind];
}
