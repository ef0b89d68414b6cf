import { useId, useState, type ReactNode } from 'react';
import { Button } from '@/components/button';
import { Link } from 'react-router';
import { cx } from '@/components/cx';
import { inputClasses } from '@/components/text-field';
import type { RosterMember } from '@/schemas/bff';
import { CHANNELS } from '@/schemas/conversation';
import { CHANNEL_LABELS } from '@/lib/conversation-labels';
import type { InboxViewCountId } from '@/schemas/inbox';
import { ANY, INBOX_VIEWS, ME, NONE, filtersToParams, viewOf, type InboxFilters } from '../inbox-filters';
import { countMeaning } from './count-announcer';
import { TagFilterDialog } from './lazy-dialogs';

function FilterSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="min-w-0 space-y-1">
      {/* Beside the views (wide screens) the options name themselves; the label stays for screen readers. */}
      <label htmlFor={id} className="block text-xs font-medium text-gray-600 xl:sr-only">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={cx(inputClasses, 'py-1.5 pr-8 text-sm xl:w-auto')}
      >
        {children}
      </select>
    </div>
  );
}

/**
 * The ready-made views, as links (each a step in history), with their counts from the BFF's read model
 * (until it is ready, only "Needs a person" has one, read from the API).
 */
export function InboxViews({
  filters,
  needsPersonCount,
  counts,
  className,
}: {
  filters: InboxFilters;
  needsPersonCount: string | null;
  counts?: Record<InboxViewCountId, number> | undefined;
  className?: string;
}) {
  const current = viewOf(filters);
  const idPrefix = useId();
  return (
    // On a phone the views wrap to a second row: every one in sight, nothing wider than the screen.
    <nav aria-label="Views" className={cx('py-0.5', className)}>
      <ul className="flex flex-wrap gap-1">
        {INBOX_VIEWS.map((view) => {
          const isCurrent = current?.id === view.id;
          return (
            <li key={view.id} className="shrink-0">
              <Link
                to={{ search: filtersToParams(view.filters).toString() }}
                aria-current={isCurrent ? 'page' : undefined}
                // The name stays the view's; the count is its description ("3 conversations open").
                aria-describedby={counts ? `${idPrefix}-${view.id}` : undefined}
                className={cx(
                  'flex items-center gap-1.5 rounded-md px-2.5 py-1.5 text-sm font-medium whitespace-nowrap outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 sm:px-3',
                  isCurrent ? 'bg-indigo-600 text-white' : 'text-gray-700 hover:bg-gray-200/70',
                )}
              >
                {view.label}
                {counts ? (
                  <span
                    aria-hidden="true"
                    className={cx(
                      'min-w-6 rounded-full px-1.5 text-center text-xs tabular-nums',
                      isCurrent
                        ? 'bg-white text-indigo-700'
                        : view.id === 'needs-person' || view.id === 'unassigned'
                          ? 'bg-amber-100 text-amber-900'
                          : 'bg-gray-200 text-gray-800',
                    )}
                  >
                    {counts[view.id]}
                  </span>
                ) : view.id === 'needs-person' && needsPersonCount !== null ? (
                  <span
                    className={cx(
                      'min-w-6 rounded-full px-1.5 text-center text-xs tabular-nums',
                      isCurrent ? 'bg-white text-indigo-700' : 'bg-amber-100 text-amber-900',
                    )}
                  >
                    <span className="sr-only">(</span>
                    {needsPersonCount}
                    <span className="sr-only"> waiting)</span>
                  </span>
                ) : (
                  // The count's room, kept until the read model has counts: the views do not move then.
                  <span aria-hidden="true" className="w-6" />
                )}
              </Link>
              {counts ? (
                <span id={`${idPrefix}-${view.id}`} hidden>
                  {countMeaning(view.id, counts[view.id])}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * The four filters. Each change writes the URL (a new history entry), so reload and the back button bring
 * the same list back. Assignee filters offer any assignee, me, nobody and each roster member.
 */
export function InboxFilterFields({
  filters,
  onChange,
  roster,
  myUserId,
  id,
  isShown,
  children,
}: {
  filters: InboxFilters;
  onChange: (filters: InboxFilters) => void;
  roster: readonly RosterMember[];
  myUserId: string;
  /** For the toggle that shows the fields at phone width (see InboxPage). */
  id: string;
  /** At phone width the fields are behind a toggle; from `sm` up they are always shown. */
  isShown: boolean;
  /** More filters after the four (the tag filter). */
  children?: ReactNode;
}) {
  const set =
    <Name extends keyof InboxFilters>(name: Name) =>
    (value: string) =>
      onChange({ ...filters, [name]: value as InboxFilters[Name] });

  return (
    <div
      id={id}
      role="group"
      aria-label="Filters"
      className={cx('grid-cols-2 gap-3 sm:grid sm:grid-cols-4 xl:flex xl:gap-2', isShown ? 'grid' : 'hidden')}
    >
      <FilterSelect label="Status" value={filters.status} onChange={set('status')}>
        <option value="active">Active</option>
        <option value="closed">Closed</option>
        <option value={ANY}>Any status</option>
      </FilterSelect>
      <FilterSelect label="Answered by" value={filters.handoff_state} onChange={set('handoff_state')}>
        <option value={ANY}>Bot or human</option>
        <option value="human">Human</option>
        <option value="bot">Bot</option>
      </FilterSelect>
      <FilterSelect label="Channel" value={filters.channel} onChange={set('channel')}>
        <option value={ANY}>Any channel</option>
        {CHANNELS.map((channel) => (
          <option key={channel} value={channel}>
            {CHANNEL_LABELS[channel]}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect label="Assignee" value={filters.assigned_to} onChange={set('assigned_to')}>
        <option value={ANY}>Any assignee</option>
        <option value={ME}>Assigned to me</option>
        <option value={NONE}>Nobody assigned</option>
        {roster
          .filter((member) => member.id !== myUserId)
          .map((member) => (
            <option key={member.id} value={member.id}>
              Assigned to {member.name}
            </option>
          ))}
      </FilterSelect>
      {children}
    </div>
  );
}

/**
 * The tag filter's button (the list's `tag` in the URL, beside the view): it opens the tag list with
 * counts, fetched on first use.
 */
export function TagFilter({
  chosen,
  counts,
  onChange,
}: {
  chosen: string;
  counts: Record<string, number> | undefined;
  onChange: (chosen: string) => void;
}) {
  const [isOpen, setOpen] = useState(false);
  const chosenCount = chosen === '' ? 0 : chosen.split(',').length;
  return (
    <div className="min-w-0 space-y-1 self-end">
      <Button
        size="sm"
        className="w-full py-1.5 xl:w-auto"
        aria-haspopup="dialog"
        onPress={() => setOpen(true)}
      >
        {chosenCount > 0 ? `Tags (${chosenCount})` : 'Tags'}
      </Button>
      <TagFilterDialog
        isOpen={isOpen}
        onOpenChange={setOpen}
        chosen={chosen}
        counts={counts}
        onChange={onChange}
      />
    </div>
  );
}
