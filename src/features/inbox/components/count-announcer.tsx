import { useState } from 'react';
import type { InboxViewCountId } from '@/schemas/inbox';
import type { InboxView } from '../inbox-filters';

/** What each view's count means, for the views' links and the announcement. */
export function countMeaning(view: InboxViewCountId, count: number): string {
  const conversations = `${count} conversation${count === 1 ? '' : 's'}`;
  switch (view) {
    case 'needs-person':
      return `${conversations} handed to a person and still open`;
    case 'unassigned':
      return `${conversations} handed to a person with nobody assigned`;
    case 'mine':
      return `${conversations} assigned to you and still open`;
    case 'snoozed':
      return `${conversations} snoozed, set aside until they wake`;
    case 'active':
      return `${conversations} open and not snoozed`;
    case 'closed':
      return `${conversations} closed`;
    default:
      return conversations;
  }
}

/**
 * Tells screen readers when the count of the view on screen changes, and what the count means ("Needs
 * a person: 13 conversations handed to a person and still open, 4 with nobody assigned"). Silent on the
 * first count and while searching.
 */
export function CountAnnouncer({
  view,
  counts,
  search,
}: {
  view: InboxView | undefined;
  counts: Record<InboxViewCountId, number> | undefined;
  search: string;
}) {
  const [message, setMessage] = useState('');
  const count = view && counts ? counts[view.id] : undefined;
  // The count last shown for a view (null while there is none, or a search is shown instead).
  const shown = view && count !== undefined && search === '' ? { view: view.id, count } : null;
  const [previous, setPrevious] = useState(shown);
  if (shown?.view !== previous?.view || shown?.count !== previous?.count) {
    setPrevious(shown);
    if (view && shown !== null && previous !== null && previous.view === shown.view) {
      const unassigned = counts?.unassigned;
      const extra =
        view.id === 'needs-person' && unassigned !== undefined ? `, ${unassigned} with nobody assigned` : '';
      setMessage(`${view.label}: ${countMeaning(view.id, shown.count)}${extra}.`);
    }
  }
  return (
    <p role="status" className="sr-only">
      {message}
    </p>
  );
}
