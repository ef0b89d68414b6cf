import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type KeyboardEvent as ReactKeyboardEvent, type RefObject } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { cx } from '@/components/cx';
import { inputClasses } from '@/components/text-field';
import { describeApiError } from '@/lib/describe-error';
import { savedRepliesQueryOptions } from '@/lib/saved-replies';
import { canManageStore, useCurrentSession } from '@/lib/session-context';
import type { SavedReply } from '@/schemas/saved-replies';

export type SavedReplyPickerProps = {
  /**
   * The `/word` typed in the reply box, which keeps the focus and whose keys the picker reads; or null
   * when opened by its button, with a search field of its own.
   */
  query: string | null;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  onChoose: (reply: SavedReply) => void;
  /** Closed without a choice: `escaped` when by Escape (the reply box gets the focus back). */
  onClose: (escaped: boolean) => void;
};

/**
 * The replies matching `query`: a shortcut starting with it first, then a title, then a text containing
 * it; within each, the server's order (most used first).
 */
export function matchingReplies(replies: SavedReply[], query: string): SavedReply[] {
  const wanted = query.trim().toLowerCase();
  if (wanted === '') return replies;
  const rank = (reply: SavedReply) =>
    reply.shortcut?.startsWith(wanted)
      ? 0
      : reply.title.toLowerCase().includes(wanted)
        ? 1
        : reply.text.toLowerCase().includes(wanted)
          ? 2
          : 3;
  return replies
    .map((reply) => ({ reply, rank: rank(reply) }))
    .filter((entry) => entry.rank < 3)
    .sort((a, b) => a.rank - b.rank)
    .map((entry) => entry.reply);
}

const usesLabel = (count: number) => (count === 1 ? 'used once' : `used ${count} times`);

/**
 * The saved-reply picker above the reply box: a searchable list of the team's replies (title, shortcut,
 * start of the text, how often used). Up and Down move, Enter or a click inserts, Escape closes and leaves
 * the focus in the reply box.
 */
export function SavedReplyPicker({ query, textareaRef, onChoose, onClose }: SavedReplyPickerProps) {
  const id = useId();
  const listId = `${id}-list`;
  const { user } = useCurrentSession();
  const replies = useQuery(savedRepliesQueryOptions());
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  const shown = replies.data ? matchingReplies(replies.data, query ?? search) : [];
  const activeIndex = Math.min(active, Math.max(shown.length - 1, 0));
  const optionId = (index: number) => `${id}-option-${index}`;
  const activeId = shown.length > 0 ? optionId(activeIndex) : undefined;

  const choose = (reply: SavedReply | undefined) => {
    if (reply) onChoose(reply);
  };

  /** The keys the picker takes (wherever the focus is); false for any other key. */
  const onKey = (event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      const step = event.key === 'ArrowDown' ? 1 : -1;
      if (shown.length > 0) setActive((activeIndex + step + shown.length) % shown.length);
      return true;
    }
    if (event.key === 'Escape') {
      onClose(true);
      return true;
    }
    if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey) {
      // While the list loads, Enter waits rather than starting a new line under the `/word`.
      choose(shown[activeIndex]);
      return true;
    }
    return false;
  };

  // Typed after `/`: the reply box keeps the focus and its keys come here first, caught on their way
  // down (before the reply box's own Ctrl+Enter and the inbox's shortcuts). The reply box points at the
  // active option for screen readers.
  const slashMode = query !== null;
  useEffect(() => {
    const textarea = textareaRef.current;
    if (!slashMode || !textarea) return;
    const listener = (event: KeyboardEvent) => {
      if (event.target !== textarea || !onKey(event)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    document.addEventListener('keydown', listener, true);
    textarea.setAttribute('aria-controls', listId);
    if (activeId) textarea.setAttribute('aria-activedescendant', activeId);
    else textarea.removeAttribute('aria-activedescendant');
    return () => {
      document.removeEventListener('keydown', listener, true);
      textarea.removeAttribute('aria-controls');
      textarea.removeAttribute('aria-activedescendant');
    };
  });

  const status = replies.isPending
    ? 'Loading saved replies…'
    : replies.isError
      ? null
      : shown.length === 0
        ? replies.data.length === 0
          ? 'No saved replies yet.'
          : `No saved reply matches “${query ?? search}”.`
        : `${shown.length} saved ${shown.length === 1 ? 'reply' : 'replies'}: up and down to choose, Enter to insert, Escape to close.`;

  return (
    <div
      className="overflow-hidden rounded-lg bg-white shadow-lg ring-1 ring-gray-900/10"
      onBlur={(event) => {
        // Opened by its button: leaving it (Tab, a click elsewhere) closes it.
        if (!slashMode && !event.currentTarget.contains(event.relatedTarget)) onClose(false);
      }}
    >
      <div className="flex items-center gap-2 border-b border-gray-200 px-3 py-2">
        {slashMode ? (
          <p className="flex-1 text-sm font-medium text-gray-900">Saved replies</p>
        ) : (
          <input
            autoFocus
            role="combobox"
            aria-label="Search saved replies"
            aria-expanded="true"
            aria-controls={listId}
            aria-activedescendant={activeId}
            aria-autocomplete="list"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setActive(0);
            }}
            onKeyDown={(event: ReactKeyboardEvent<HTMLInputElement>) => {
              if (onKey(event)) event.preventDefault();
            }}
            placeholder="Search by title, shortcut or text"
            className={cx(inputClasses, 'flex-1 py-1.5 text-sm')}
          />
        )}
        {canManageStore(user.role) ? (
          <Link
            to="/saved-replies"
            className="rounded text-sm font-medium text-indigo-700 underline-offset-2 hover:underline outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            Manage
          </Link>
        ) : null}
      </div>
      <p role="status" className={cx('px-3 py-2 text-sm text-gray-600', shown.length > 0 && 'sr-only')}>
        {status}
      </p>
      {replies.isError ? (
        <div className="space-y-2 px-3 pb-3 text-sm text-red-800">
          <p role="alert">Saved replies could not be loaded. {describeApiError(replies.error).title}.</p>
          <Button size="sm" onPress={() => void replies.refetch()} isPending={replies.isFetching}>
            Try again
          </Button>
        </div>
      ) : null}
      {/* A listbox only with options in it (an empty one is an error for assistive technology). */}
      <ul
        id={listId}
        role={shown.length > 0 ? 'listbox' : undefined}
        aria-label="Saved replies"
        className="max-h-64 overflow-y-auto empty:hidden"
      >
        {shown.map((reply, index) => (
          <li
            key={reply.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === activeIndex}
            // The reply box (or the search field) keeps the focus through the click.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(reply)}
            onMouseMove={() => setActive(index)}
            className={cx(
              'cursor-pointer px-3 py-2',
              index === activeIndex ? 'bg-indigo-50' : 'hover:bg-gray-50',
            )}
          >
            <span className="flex items-baseline gap-2">
              <span dir="auto" className="truncate text-sm font-medium text-gray-900">
                {reply.title}
              </span>
              {reply.shortcut ? (
                <span className="shrink-0 font-mono text-xs text-indigo-700">/{reply.shortcut}</span>
              ) : null}
              <span className="ml-auto shrink-0 text-xs text-gray-600">{usesLabel(reply.use_count)}</span>
            </span>
            <span dir="auto" className="block truncate text-sm text-gray-600">
              {reply.text}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
