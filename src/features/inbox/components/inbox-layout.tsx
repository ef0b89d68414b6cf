import type { ReactNode, RefObject } from 'react';
import { cx } from '@/components/cx';

/**
 * The inbox's frame: a header (title, views, toolbar and the filter fields), and the list beside the
 * open conversation (`list` and `pane`, filled by the page). Below xl an open conversation takes the
 * whole screen. Tall screens: the inbox fills the window and only the list and transcript scroll. Short
 * ones (200% and 400% zoom, phones held sideways) have no room for that: the page scrolls, the list and
 * the open conversation each get a whole window's height, so the reply box is never pushed out of reach.
 */
export function InboxLayout({
  isOpen,
  filtersShown,
  header,
  filterFields,
  list,
  pane,
  listRef,
  paneRef,
  children,
}: {
  isOpen: boolean;
  filtersShown: boolean;
  header: ReactNode;
  filterFields: ReactNode;
  list: ReactNode;
  pane: ReactNode;
  listRef: RefObject<HTMLElement | null>;
  paneRef: RefObject<HTMLElement | null>;
  /** Dialogs and live regions. */
  children: ReactNode;
}) {
  return (
    <div className="h-inbox flex flex-col gap-2 [@media(max-height:32rem)]:h-auto">
      {/* Below xl the open conversation replaces the title row; the page keeps its h1 for screen readers. */}
      {isOpen ? <h1 className="sr-only xl:hidden">Inbox</h1> : null}
      {/* One wrapping row: at xl the views beside the title, and the filters with the toolbar (ordered
          last) under them; narrower, the toolbar beside the title, then the views, then the filters. */}
      <div className={cx('flex flex-wrap items-center gap-x-4 gap-y-2', isOpen && 'max-xl:hidden')}>
        {header}
        <div className={cx('order-last w-full xl:order-none xl:w-auto', !filtersShown && 'max-sm:hidden')}>
          {filterFields}
        </div>
      </div>
      <div className="grid min-h-0 flex-1 gap-4 xl:grid-cols-[22rem_minmax(0,1fr)] [@media(max-height:32rem)]:flex-none">
        <section
          ref={listRef}
          aria-label="Conversation list"
          className={cx(
            'min-h-0 flex-col overflow-hidden rounded-lg border border-gray-200 bg-white [@media(max-height:32rem)]:h-dvh',
            isOpen ? 'hidden xl:flex' : 'flex',
          )}
        >
          {list}
        </section>
        <section
          ref={paneRef}
          aria-labelledby={isOpen ? 'conversation-heading' : undefined}
          aria-label={isOpen ? undefined : 'Conversation'}
          className={cx(
            'min-h-0 flex-col overflow-hidden rounded-lg border border-gray-200 bg-white [@media(max-height:32rem)]:overflow-visible',
            isOpen ? 'flex' : 'hidden xl:flex',
          )}
        >
          {pane}
        </section>
      </div>
      {children}
    </div>
  );
}
