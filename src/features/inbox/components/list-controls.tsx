import { useEffect, useId, useState, type RefObject } from 'react';
import { cx } from '@/components/cx';
import { inputClasses } from '@/components/text-field';
import { SEARCH_MAX_CHARS, type InboxSort } from '@/schemas/inbox';
import type { ListOptions } from '../inbox-filters';

const SORT_LABELS: Record<InboxSort, string> = {
  waiting: 'Longest waiting',
  newest: 'Newest activity',
  oldest: 'Oldest activity',
};

/** How long typing pauses before the search goes to the URL (each search is a history step). */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * Search (shopper name or email, across active and closed: `/` focuses it) and the order of the list,
 * both kept in the URL.
 */
export function ListControls({
  options,
  defaultSort,
  onChange,
  searchRef,
}: {
  options: ListOptions;
  defaultSort: InboxSort;
  onChange: (options: ListOptions) => void;
  searchRef: RefObject<HTMLInputElement | null>;
}) {
  const searchId = useId();
  const sortId = useId();
  const [text, setText] = useState(options.q);
  // The URL changed under the field (back button, a view link): show what it says.
  const [shownQ, setShownQ] = useState(options.q);
  if (shownQ !== options.q) {
    setShownQ(options.q);
    setText(options.q);
  }
  useEffect(() => {
    if (text === options.q) return;
    const timer = setTimeout(() => onChange({ ...options, q: text }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, options, onChange]);

  return (
    <div className="flex items-end gap-2 border-b border-gray-200 px-3 py-2" role="search">
      <div className="min-w-0 flex-1">
        <label htmlFor={searchId} className="sr-only">
          Search shoppers by name or email
        </label>
        <input
          ref={searchRef}
          id={searchId}
          type="search"
          value={text}
          maxLength={SEARCH_MAX_CHARS}
          placeholder="Search"
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onChange({ ...options, q: text });
            if (event.key === 'Escape' && text !== '') {
              event.preventDefault();
              setText('');
              onChange({ ...options, q: '' });
            }
          }}
          className={cx(inputClasses, 'py-1.5 text-sm')}
        />
      </div>
      <div className="shrink-0">
        <label htmlFor={sortId} className="sr-only">
          Sort
        </label>
        <select
          id={sortId}
          value={options.sort ?? defaultSort}
          onChange={(event) => onChange({ ...options, sort: event.target.value as InboxSort })}
          className={cx(inputClasses, 'w-auto py-1.5 pr-8 text-sm')}
        >
          {(Object.keys(SORT_LABELS) as InboxSort[]).map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
