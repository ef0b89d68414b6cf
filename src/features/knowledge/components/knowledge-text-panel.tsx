import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/button';
import { ErrorState } from '@/components/error-state';
import { RelativeTimestamp } from '@/components/relative-timestamp';
import { Skeleton } from '@/components/skeleton';
import { hasErrorCode } from '@/lib/api-error';
import { useCurrentSession } from '@/lib/session-context';
import type { KnowledgeText } from '@/schemas/knowledge-text';
import { KNOWLEDGE_TEXT_NOT_KEPT } from '@/schemas/knowledge-text';
import { knowledgeTextQueryOptions } from '../api/get-knowledge-text';

/**
 * The text the dashboard submitted for one source, read again; owners may start an edited copy from it
 * (a new source: the API cannot replace one).
 */
export function KnowledgeTextPanel({
  sourceId,
  onEditCopy,
}: {
  sourceId: string;
  /** Owners: puts the text in the "add a source" form. */
  onEditCopy: ((text: KnowledgeText) => void) | undefined;
}) {
  const { user } = useCurrentSession();
  const query = useQuery(knowledgeTextQueryOptions(sourceId));

  if (query.isPending)
    return (
      <div role="status" aria-label="Loading the text" className="space-y-2">
        <Skeleton className="h-4 w-48" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  if (query.isError) {
    if (hasErrorCode(query.error, KNOWLEDGE_TEXT_NOT_KEPT, 404))
      return (
        <p className="text-sm text-gray-600">
          The dashboard has no copy of this text: the source was added elsewhere, or before the dashboard kept
          the texts it submits. The store itself keeps none.
        </p>
      );
    return (
      <ErrorState
        error={query.error}
        context={{ role: user.role }}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  const text = query.data;
  return (
    <div className="space-y-2">
      <p className="text-sm text-gray-600">
        Added by {text.actor_name} <RelativeTimestamp value={text.created_at} />, as submitted to the store.
      </p>
      {/* A figure, so the scrollable text has a name and can take the focus (to scroll it by keyboard). */}
      <figure
        tabIndex={0}
        aria-label={`Text of “${text.title}”`}
        className="max-h-72 overflow-y-auto rounded-md bg-gray-50 px-3 py-2 ring-1 ring-gray-200 outline-none ring-inset focus-visible:ring-2 focus-visible:ring-indigo-500"
      >
        <pre className="font-sans text-sm break-words whitespace-pre-wrap text-gray-800">{text.text}</pre>
      </figure>
      {onEditCopy ? (
        <Button size="sm" onPress={() => onEditCopy(text)}>
          Add an edited copy
        </Button>
      ) : null}
    </div>
  );
}
