import { Link } from 'react-router';
import { buttonClasses } from '@/components/button-classes';
import { EmptyState } from '@/components/empty-state';
import { Skeleton } from '@/components/skeleton';
import {
  ALL_ACTIVE_VIEW,
  filtersToParams,
  listOptionsToParams,
  type InboxFilters,
  type InboxView,
  type ListOptions,
} from '../inbox-filters';
import { ROW_HEIGHT } from './conversation-row';

const EMPTY_COPY: Record<string, { title: string; description: string }> = {
  'needs-person': {
    title: 'Nobody is waiting for a person',
    description: 'When the assistant hands a conversation over, it shows up here at once, without a reload.',
  },
  mine: {
    title: 'Nothing is assigned to you',
    description: 'Open conversations assigned to you show up here.',
  },
  snoozed: {
    title: 'Nothing is snoozed',
    description:
      'Snooze a conversation (z) to set it aside until a time or until the shopper writes; it comes back by itself.',
  },
  active: {
    title: 'No open conversations',
    description: 'New conversations show up here as shoppers write.',
  },
  closed: { title: 'No closed conversations', description: 'Conversations you close are kept here.' },
};

export function RowSkeletons() {
  return (
    <div aria-hidden="true">
      {Array.from({ length: 6 }, (_, index) => (
        <div
          key={index}
          style={{ height: ROW_HEIGHT }}
          className="space-y-2 border-b border-gray-100 py-3 pr-4 pl-11"
        >
          <Skeleton className="h-4 w-2/5" />
          <Skeleton className="h-3.5 w-3/5" />
          <Skeleton className="h-5 w-1/2" />
        </div>
      ))}
    </div>
  );
}

/** A tag filter's conversations that the list leaves out as snoozed, and the addresses of the ways to them. */
export type SnoozedTagged = { count: number; show: string; clear: string };

/** The addresses of the same list with its snoozed conversations, and without its tag filter. */
export function snoozedTaggedLinks(
  count: number | undefined,
  filters: InboxFilters,
  listOptions: ListOptions,
): SnoozedTagged | undefined {
  if (!count) return undefined;
  return {
    count,
    show: listOptionsToParams(listOptions, filtersToParams({ ...filters, snoozed: true })).toString(),
    clear: listOptionsToParams({ ...listOptions, tag: '' }, filtersToParams(filters)).toString(),
  };
}

/**
 * An empty list: what this view is for, or (filters of one's own) a way to every open conversation; with
 * a tag filter whose conversations are snoozed, how many are, and a way to them or out of the filter.
 */
export function EmptyList({
  view,
  snoozedTagged,
}: {
  view: InboxView | undefined;
  snoozedTagged?: SnoozedTagged | undefined;
}) {
  const copy = view ? EMPTY_COPY[view.id] : undefined;
  if (snoozedTagged) {
    const one = snoozedTagged.count === 1;
    return (
      <div className="p-4">
        <EmptyState
          className="border-0 py-10"
          title={`${snoozedTagged.count} tagged conversation${one ? ' is' : 's are'} snoozed`}
          description="Snoozed conversations stay out of this list until they wake."
          action={
            <div className="flex flex-wrap justify-center gap-2">
              <Link to={{ search: snoozedTagged.show }} className={buttonClasses()}>
                Show the snoozed {one ? 'one' : 'ones'}
              </Link>
              <Link to={{ search: snoozedTagged.clear }} className={buttonClasses()}>
                Clear the tag filter
              </Link>
            </div>
          }
        />
      </div>
    );
  }
  return (
    <div className="p-4">
      <EmptyState
        className="border-0 py-10"
        title={copy?.title ?? 'No conversations match these filters'}
        description={copy?.description ?? 'Change or clear a filter to see more.'}
        action={
          view ? undefined : (
            <Link
              to={{ search: filtersToParams(ALL_ACTIVE_VIEW.filters).toString() }}
              className={buttonClasses()}
            >
              Show all active conversations
            </Link>
          )
        }
      />
    </div>
  );
}
