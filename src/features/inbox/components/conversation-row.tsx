import { memo } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/badge';
import { cx } from '@/components/cx';
import { Spinner } from '@/components/spinner';
import type { AvailabilityStatus } from '@/schemas/assignment';
import type { RosterMember } from '@/schemas/bff';
import type { Conversation } from '@/schemas/conversation';
import type { InboxRow } from '@/schemas/inbox';
import { channelLabel, rosterName, shopperName } from '@/lib/conversation-labels';
import { AvailabilityDot } from './availability-dot';
import { HandoffBadge, NoteCount, SnoozeMark, StatusBadge } from './conversation-badges';
import { prefetchRowActionsMenu } from './row-actions-menu';
import { RowPreview, RowTime, RowViewers } from './row-activity';
import { TagChips } from './tag-chips';

/** The menu's react-aria part is fetched as a pointer or focus reaches a "…" button. */
const prefetchMenu = () => void prefetchRowActionsMenu().catch(() => undefined);

/**
 * Every row has the same height: the list is virtualized without measuring, and nothing shifts. It has
 * room for two lines of badges and tags, which wrap rather than being cut.
 */
export const ROW_HEIGHT = 136;

function DotsIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
      <path d="M10 6a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3Zm0 5.5a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3Zm0 5.5a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3Z" />
    </svg>
  );
}

export type ConversationRowProps = {
  conversation: Conversation;
  /** What the BFF's read model knows (preview, waiting, unread); absent while the API's list stands in. */
  summary: InboxRow | undefined;
  /** The clock waiting times are read against (ms). */
  now: number;
  thresholdMinutes: number;
  myUserId: string;
  roster: readonly RosterMember[];
  index: number;
  /** Rows in the list, or -1 while more pages remain (aria-setsize). */
  setSize: number;
  /** Offset from the top of the list, in pixels. */
  top: number;
  to: string;
  /** The keyboard cursor: the row Tab lands on and the keys act on. */
  isActive: boolean;
  isOpen: boolean;
  isSelected: boolean;
  /** Handed to a person since the inbox was opened, not looked at yet. */
  isNew: boolean;
  isSaving: boolean;
  assignee: string | null;
  assigneeStatus: AvailabilityStatus | undefined;
  onFocusRow: (index: number, conversationId: string) => void;
  onToggleSelected: (conversationId: string) => void;
  isMenuOpen: boolean;
  onOpenMenu: (conversation: Conversation, trigger: HTMLElement) => void;
};

/** One conversation in the inbox list: who, where, who answers, who owns it, when; its actions in a menu. */
export const ConversationRow = memo(function ConversationRow({
  conversation,
  summary,
  now,
  thresholdMinutes,
  myUserId,
  roster,
  index,
  setSize,
  top,
  to,
  isActive,
  isOpen,
  isSelected,
  isNew,
  isSaving,
  assignee,
  assigneeStatus,
  onFocusRow,
  onToggleSelected,
  isMenuOpen,
  onOpenMenu,
}: ConversationRowProps) {
  const name = shopperName(conversation);
  const showEmail = conversation.email !== null && conversation.email !== name;
  const tabIndex = isActive ? 0 : -1;
  const unread = summary?.unread === true;

  return (
    <div
      role="listitem"
      aria-posinset={index + 1}
      aria-setsize={setSize}
      data-index={index}
      style={{ height: ROW_HEIGHT, transform: `translateY(${top}px)` }}
      className="absolute top-0 left-0 w-full"
    >
      <div
        className={cx(
          'relative flex h-full items-stretch border-b border-gray-100 transition-colors',
          isOpen
            ? 'bg-indigo-50'
            : isNew
              ? 'bg-amber-50'
              : isActive
                ? 'bg-gray-50'
                : 'bg-white hover:bg-gray-50',
        )}
      >
        {/* Left edge: the keyboard cursor (indigo) or a new handoff (amber). */}
        <span
          aria-hidden="true"
          className={cx(
            'absolute inset-y-0 left-0 w-1',
            isActive ? 'bg-indigo-500' : isNew ? 'bg-amber-400' : 'bg-transparent',
          )}
        />
        <div className="flex items-start pt-3.5 pr-1 pl-4">
          <input
            type="checkbox"
            className="size-4 rounded border-gray-300 accent-indigo-600"
            checked={isSelected}
            tabIndex={tabIndex}
            aria-label={`Select the conversation with ${name}`}
            onChange={() => onToggleSelected(conversation.id)}
            onFocus={() => onFocusRow(index, conversation.id)}
          />
        </div>
        <Link
          to={to}
          tabIndex={tabIndex}
          aria-current={isOpen ? 'page' : undefined}
          onFocus={() => onFocusRow(index, conversation.id)}
          className="min-w-0 flex-1 rounded-sm py-2.5 pr-1 pl-2 outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-inset"
        >
          <span className="flex items-center justify-between gap-2">
            <span
              className={cx(
                'flex min-w-0 items-center gap-1.5 text-[15px] text-gray-900',
                isNew || unread ? 'font-semibold' : 'font-medium',
              )}
            >
              {unread ? (
                // A dot and a bolder name, as mail clients do; the words are for screen readers.
                <span className="size-2.5 shrink-0 rounded-full bg-indigo-600">
                  <span className="sr-only">Unread: </span>
                </span>
              ) : null}
              <span className="truncate" dir="auto">
                {name}
              </span>
            </span>
            <RowTime
              conversation={conversation}
              summary={summary}
              now={now}
              thresholdMinutes={thresholdMinutes}
            />
          </span>
          <RowPreview conversation={conversation} summary={summary} roster={roster} myUserId={myUserId} />
          <span className="mt-0.5 flex min-w-0 items-center justify-between gap-2 text-sm text-gray-600">
            <span className="truncate">
              {channelLabel(conversation.channel)}
              {showEmail ? ` · ${conversation.email}` : null}
            </span>
            <span className="flex min-w-0 shrink-0 items-center gap-1 text-xs">
              <span className="max-w-32 truncate" dir="auto">
                <span className="sr-only">Assigned to </span>
                {assignee ?? 'Unassigned'}
              </span>
              <AvailabilityDot status={assigneeStatus} />
            </span>
          </span>
          {/* Two lines at most (the row's height): badges and tags wrap rather than being cut. */}
          <span className="mt-1.5 flex max-h-11 min-w-0 flex-wrap items-center gap-1.5 overflow-hidden">
            {isNew ? (
              <Badge tone="danger">
                New<span className="sr-only"> handoff</span>
              </Badge>
            ) : null}
            <SnoozeMark
              snooze={summary?.snooze}
              now={now}
              nameOf={(id) => rosterName(id, roster).split(' ')[0]!}
            />
            <HandoffBadge conversation={conversation} />
            <StatusBadge status={conversation.status} />
            <TagChips tags={summary?.tags} />
            {summary?.note_count ? <NoteCount count={summary.note_count} /> : null}
            {isSaving ? <Spinner label="Saving" className="size-3.5 text-gray-400" /> : null}
            <RowViewers conversationId={conversation.id} myUserId={myUserId} />
          </span>
        </Link>
        <div className="flex items-start pt-2 pr-2">
          {/* A plain button: one shared menu serves every row (see RowActionsMenu), which keeps rows light. */}
          <button
            type="button"
            aria-haspopup="menu"
            aria-expanded={isMenuOpen}
            aria-label={`Actions for the conversation with ${name}`}
            tabIndex={tabIndex}
            onFocus={() => {
              onFocusRow(index, conversation.id);
              prefetchMenu();
            }}
            onPointerEnter={prefetchMenu}
            onClick={(event) => onOpenMenu(conversation, event.currentTarget)}
            className="flex size-8 items-center justify-center rounded-md text-gray-500 outline-none hover:bg-gray-100 hover:text-gray-800 focus-visible:ring-2 focus-visible:ring-indigo-500 aria-expanded:bg-gray-200"
          >
            <DotsIcon />
          </button>
        </div>
      </div>
    </div>
  );
});
