import { shopperName } from '@/lib/conversation-labels';
import type { InboxRow } from '@/schemas/inbox';

/**
 * Below xl an open conversation hides the list, and with it the arrivals banner: this chip, at the top of
 * the open conversation, says a new handoff waits ("1 new handoff: open Wren Hale") and opens the one that
 * arrived first. In the page's flow, so it covers nothing; side by side the list's banner says it instead.
 */
export function ArrivalsChip({
  newHandoffIds,
  handoffs,
  onOpen,
}: {
  /** Never the open conversation's (see useNewHandoffs). */
  newHandoffIds: ReadonlySet<string>;
  /** The latest handoffs (the inbox's answer), for the shopper's name. */
  handoffs: readonly InboxRow[] | undefined;
  onOpen: (conversationId: string) => void;
}) {
  // The set keeps arrival order: the first is the shopper who has waited longest.
  const [first] = newHandoffIds;
  if (first === undefined) return null;
  const row = handoffs?.find((candidate) => candidate.conversation.id === first);
  const count = newHandoffIds.size;
  return (
    <div className="border-b border-amber-200 bg-amber-50 px-3 py-1.5 sm:px-5 xl:hidden">
      <button
        type="button"
        onClick={() => onOpen(first)}
        className="inline-flex max-w-full items-center gap-1 rounded-full bg-white px-3 py-1 text-sm font-medium text-amber-900 ring-1 ring-amber-300 ring-inset hover:bg-amber-100 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
      >
        <span className="truncate">
          {count === 1 ? '1 new handoff' : `${count} new handoffs`}: open{' '}
          {row ? <span dir="auto">{shopperName(row.conversation)}</span> : 'the first'}
        </span>
        <span aria-hidden="true">→</span>
      </button>
    </div>
  );
}
