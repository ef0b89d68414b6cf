import { useVirtualizer } from '@tanstack/react-virtual';
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { cx } from '@/components/cx';
import type { RosterMember } from '@/schemas/bff';
import type { Message } from '@/schemas/message';
import {
  formatDay,
  isSaid,
  senderOf,
  startsNewDay,
  type Sender,
  type TranscriptItem,
} from '../transcript-items';
import { Divider, HistoryRow, TranscriptRow, type OutboxActions } from './transcript-row';

// Notes, with their edit and delete controls, come with the first one shown.
const NoteRow = lazy(() => import('./note-row').then((module) => ({ default: module.NoteRow })));

/** Distance from the bottom (px) within which the reader counts as "at the latest message". */
const AT_END_PX = 48;

export type TranscriptViewProps = {
  items: readonly TranscriptItem[];
  /** The stored messages among the items: only their growth counts as new messages. */
  messages: readonly Message[];
  shopper: string;
  roster: readonly RosterMember[];
  currentUserId: string;
  actions: OutboxActions;
  /** Rendered at the end of the scrolled list (e.g. a failed page with its retry). */
  footer?: React.ReactNode;
  /** Called when the reader reaches the top (or nothing scrolls): older notes are read then. */
  onReachStart?: () => void;
};

function ArrowDownIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4">
      <path
        fillRule="evenodd"
        d="M10 3a.75.75 0 0 1 .75.75v10.64l3.47-3.47a.75.75 0 1 1 1.06 1.06l-4.75 4.75a.75.75 0 0 1-1.06 0l-4.75-4.75a.75.75 0 1 1 1.06-1.06l3.47 3.47V3.75A.75.75 0 0 1 10 3Z"
        clipRule="evenodd"
      />
    </svg>
  );
}

/**
 * The transcript as a virtualized list (only the rows near the viewport are in the DOM, each measured
 * as it renders, so thousands of messages scroll smoothly). It opens at the latest message and stays
 * there as messages arrive while the reader is at the bottom; a reader who scrolled up keeps their place
 * and gets a "new messages" button and a divider where the new ones start.
 */
export function TranscriptView({
  items,
  messages,
  shopper,
  roster,
  currentUserId,
  actions,
  footer,
  onReachStart,
}: TranscriptViewProps) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is meant to be read on every render
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollerRef.current,
    estimateSize: () => 96,
    getItemKey: (index) => items[index]?.key ?? index,
    overscan: 6,
    paddingStart: 12,
    // Chat behaviour: keep the reading position when rows change size or arrive, follow appends at the end.
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: AT_END_PX,
  });

  const [atEnd, setAtEnd] = useState(true);
  const atEndRef = useRef(true);
  const [unread, setUnread] = useState<{ fromId: string | null; count: number }>({ fromId: null, count: 0 });

  const onScroll = useCallback(() => {
    const element = scrollerRef.current;
    if (!element) return;
    const isAtEnd = element.scrollHeight - element.scrollTop - element.clientHeight <= AT_END_PX;
    atEndRef.current = isAtEnd;
    setAtEnd(isAtEnd);
    if (isAtEnd) setUnread((current) => (current.count === 0 ? current : { ...current, count: 0 }));
    if (element.scrollTop <= AT_END_PX) onReachStart?.();
  }, [onReachStart]);

  const scrollToLatest = useCallback(
    (behavior: 'auto' | 'smooth' = 'auto') => {
      virtualizer.scrollToEnd({ behavior });
    },
    [virtualizer],
  );

  // Open at the latest message.
  const openedRef = useRef(false);
  useLayoutEffect(() => {
    if (openedRef.current || items.length === 0) return;
    openedRef.current = true;
    scrollToLatest();
  }, [items.length, scrollToLatest]);

  // The virtualizer keeps the end in view when rows change size, not when the viewport does (the reply
  // box growing by a line, an error under it, a rotated phone): a reader at the end stays there.
  const attachScroller = useCallback(
    (element: HTMLDivElement) => {
      scrollerRef.current = element;
      const observer =
        typeof ResizeObserver === 'undefined'
          ? null
          : new ResizeObserver(() => {
              if (atEndRef.current) scrollToLatest();
            });
      observer?.observe(element);
      return () => {
        observer?.disconnect();
        scrollerRef.current = null;
      };
    },
    [scrollToLatest],
  );

  // New stored messages: seen when the reader is at the end, otherwise counted as unread. Our own reply
  // (a new outbox row) always brings the reader to the end.
  const seenRef = useRef({ messageCount: messages.length, lastKey: items.at(-1)?.key });
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    // A transcript too short to scroll is at its top already.
    const element = scrollerRef.current;
    if (element && element.scrollHeight <= element.clientHeight) onReachStart?.();

    const seen = seenRef.current;
    const lastItem = items.at(-1);
    const fresh = messages.slice(seen.messageCount);
    const sentByUs = lastItem?.kind === 'outbox' && lastItem.key !== seen.lastKey;
    seenRef.current = { messageCount: messages.length, lastKey: lastItem?.key };
    if (sentByUs) {
      setUnread({ fromId: null, count: 0 });
      scrollToLatest();
      return;
    }
    const fromOthers = fresh.filter((message) => message.author_user_id !== currentUserId);
    if (fromOthers.length === 0) return;
    const latest = fromOthers.at(-1)!;
    const who = senderOf(latest, { shopper, roster, currentUserId }).name;
    setAnnouncement(`New message from ${who}: ${latest.content.slice(0, 140)}`);
    if (atEndRef.current) return;
    setUnread((current) =>
      current.count === 0
        ? { fromId: fromOthers[0]!.id, count: fromOthers.length }
        : { ...current, count: current.count + fromOthers.length },
    );
  }, [items, messages, currentUserId, shopper, roster, scrollToLatest, onReachStart]);

  const senders = useMemo(() => {
    const context = { shopper, roster, currentUserId };
    return items.map((item): Sender | undefined =>
      item.kind === 'message'
        ? senderOf(item.message, context)
        : item.kind === 'outbox'
          ? {
              side: 'staff',
              name: senderOf({ role: 'assistant', author_user_id: item.entry.authorUserId }, context).name,
              userId: item.entry.authorUserId,
              isYou: true,
            }
          : undefined,
    );
  }, [items, shopper, roster, currentUserId]);

  const said = items.filter(isSaid).length;
  const virtualItems = virtualizer.getVirtualItems();
  return (
    // Short windows (zoomed in): a whole window of transcript, the page scrolls to the reply box below.
    <div className="relative min-h-0 flex-1 [@media(max-height:32rem)]:h-dvh [@media(max-height:32rem)]:flex-none">
      <div
        ref={attachScroller}
        onScroll={onScroll}
        role="region"
        aria-label="Transcript"
        // Focusable so the keyboard can scroll it (arrows, Page Up/Down, Home/End).
        tabIndex={0}
        data-transcript-scroller=""
        className="absolute inset-0 overflow-y-auto overscroll-contain [contain:strict] outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-inset"
      >
        <ol
          aria-label={`${said} ${said === 1 ? 'message' : 'messages'}`}
          className="relative w-full"
          style={{ height: virtualizer.getTotalSize() }}
        >
          {virtualItems.map((virtualItem) => {
            const item = items[virtualItem.index]!;
            return (
              <li
                key={virtualItem.key}
                data-index={virtualItem.index}
                ref={virtualizer.measureElement}
                aria-setsize={items.length}
                aria-posinset={virtualItem.index + 1}
                className="absolute top-0 left-0 w-full"
                style={{ transform: `translateY(${virtualItem.start}px)` }}
              >
                {item.kind === 'history' ? (
                  <HistoryRow line={item.line} startsDay={startsNewDay(items, virtualItem.index)} />
                ) : item.kind === 'note' ? (
                  <div className="px-3 pb-3 sm:px-5">
                    {startsNewDay(items, virtualItem.index) ? (
                      <Divider>{formatDay(item.note.created_at)}</Divider>
                    ) : null}
                    <Suspense fallback={null}>
                      <NoteRow note={item.note} />
                    </Suspense>
                  </div>
                ) : (
                  <TranscriptRow
                    item={item}
                    sender={senders[virtualItem.index]!}
                    startsDay={startsNewDay(items, virtualItem.index)}
                    startsUnread={item.key === unread.fromId}
                    actions={actions}
                  />
                )}
              </li>
            );
          })}
        </ol>
        {footer}
      </div>
      {!atEnd ? (
        <div className="pointer-events-none absolute inset-x-0 bottom-3 flex justify-center">
          <button
            type="button"
            onClick={() => scrollToLatest('smooth')}
            className={cx(
              'pointer-events-auto inline-flex items-center gap-1.5 rounded-full px-3.5 py-1.5 text-sm font-medium shadow-md ring-1 outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2',
              unread.count > 0
                ? 'bg-indigo-600 text-white ring-indigo-700 hover:bg-indigo-500'
                : 'bg-white text-gray-700 ring-gray-200 hover:bg-gray-50',
            )}
          >
            <ArrowDownIcon />
            {unread.count > 0
              ? `${unread.count} new ${unread.count === 1 ? 'message' : 'messages'}`
              : 'Jump to latest'}
          </button>
        </div>
      ) : null}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
