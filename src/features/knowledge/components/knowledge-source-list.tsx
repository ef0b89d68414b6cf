import { useEffect, useEffectEvent, useRef, type ReactNode } from 'react';
import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { Skeleton } from '@/components/skeleton';
import { flattenPages } from '@/lib/pagination';
import { useCurrentSession } from '@/lib/session-context';
import type { KnowledgeKind } from '@/schemas/knowledge-source';
import type { KnowledgeText } from '@/schemas/knowledge-text';
import { useKnowledgeSources } from '../api/get-knowledge-sources';
import { formatCount } from '../format-count';
import { KnowledgeSourceRow, SOURCE_GRID } from './knowledge-source-row';

function ListFrame({ children, busy, loading }: { children: ReactNode; busy?: boolean; loading?: boolean }) {
  return (
    <div className="overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-gray-200">
      <div
        aria-hidden="true"
        className={`hidden border-b border-gray-200 bg-gray-50 px-5 py-2 text-xs font-medium tracking-wide text-gray-500 uppercase ${SOURCE_GRID}`}
      >
        <span>Title</span>
        <span>Kind</span>
        <span>Chunks</span>
        <span>Created</span>
        <span>Updated</span>
      </div>
      <ul
        aria-label={loading ? undefined : 'Knowledge sources'}
        aria-busy={busy}
        className="divide-y divide-gray-100"
      >
        {children}
      </ul>
    </div>
  );
}

function SkeletonRows({ count }: { count: number }) {
  return Array.from({ length: count }, (_, index) => (
    <li key={index} className={`px-4 py-3.5 sm:px-5 ${SOURCE_GRID}`}>
      <Skeleton className="h-5 w-3/5" />
      <Skeleton className="mt-2 h-5 w-12 sm:mt-0" />
      <Skeleton className="mt-2 hidden h-5 w-8 sm:mt-0 sm:block" />
      <Skeleton className="mt-2 hidden h-5 w-24 sm:mt-0 sm:block" />
      <Skeleton className="mt-2 hidden h-5 w-24 sm:mt-0 sm:block" />
    </li>
  ));
}

/** Loads the next page when the end of the list scrolls into view (the button does it by hand too). */
function useLoadMoreWhenVisible(onVisible: () => void, enabled: boolean) {
  const sentinel = useRef<HTMLDivElement>(null);
  const callback = useEffectEvent(onVisible);
  useEffect(() => {
    const element = sentinel.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled]);
  return sentinel;
}

/** The store's knowledge sources, newest first, one kind or both, loaded page by page as you scroll. */
export function KnowledgeSourceList({
  kind,
  onShowAll,
  emptyAction,
  onEditCopy,
}: {
  kind: KnowledgeKind | undefined;
  onShowAll: () => void;
  /** What an empty store offers (owners: add a source). */
  emptyAction?: ReactNode;
  /** Owners: starts a new source from a kept text. */
  onEditCopy?: ((text: KnowledgeText) => void) | undefined;
}) {
  const { user } = useCurrentSession();
  const query = useKnowledgeSources({ kind });
  const sources = flattenPages(query.data);
  const canLoadMore = query.hasNextPage && !query.isFetchNextPageError;
  const loadMore = () => {
    if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  };
  const sentinel = useLoadMoreWhenVisible(loadMore, canLoadMore && !query.isFetchingNextPage);

  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading knowledge sources">
        <ListFrame busy loading>
          <SkeletonRows count={5} />
        </ListFrame>
      </div>
    );
  }

  if (query.isError && sources.length === 0) {
    return (
      <ErrorState
        error={query.error}
        context={{ role: user.role }}
        onRetry={() => void query.refetch()}
        isRetrying={query.isRefetching}
      />
    );
  }

  if (sources.length === 0) {
    return kind === undefined ? (
      <EmptyState
        title="No knowledge sources yet"
        description="Add an FAQ or a document so the assistant can answer shoppers' questions about your store."
        action={emptyAction}
      />
    ) : (
      <EmptyState
        title={kind === 'faq' ? 'No FAQs yet' : 'No documents yet'}
        description="Nothing of this kind has been added yet."
        action={
          <Button size="sm" onPress={onShowAll}>
            Show all kinds
          </Button>
        }
      />
    );
  }

  return (
    <div className="space-y-3">
      <ListFrame busy={query.isFetchingNextPage}>
        {sources.map((source) => (
          <KnowledgeSourceRow key={source.id} source={source} onEditCopy={onEditCopy} />
        ))}
        {query.isFetchingNextPage ? <SkeletonRows count={2} /> : null}
      </ListFrame>
      <div ref={sentinel} />
      {query.isFetchNextPageError ? (
        <ErrorState
          error={query.error}
          context={{ role: user.role }}
          onRetry={() => void query.fetchNextPage()}
          isRetrying={query.isFetchingNextPage}
        />
      ) : query.hasNextPage ? (
        <div className="flex justify-center">
          <Button size="sm" onPress={loadMore} isPending={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? 'Loading more…' : 'Load more sources'}
          </Button>
        </div>
      ) : (
        <p className="text-center text-sm text-gray-500">
          {sources.length === 1
            ? 'That is the only source.'
            : `That is all ${formatCount(sources.length)} sources.`}
        </p>
      )}
    </div>
  );
}
