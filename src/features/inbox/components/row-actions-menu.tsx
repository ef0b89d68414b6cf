import { useMemo } from 'react';
import { Menu, MenuItem, Popover, type Key } from 'react-aria-components';
import type { Conversation } from '@/schemas/conversation';
import { shopperName } from '@/lib/conversation-labels';
import type { ConversationAction } from '../use-conversation-actions';

/** What a row's menu can ask for: an action, or the dialog that picks an assignee. */
export type RowCommand = ConversationAction | { kind: 'assign-dialog' };

type MenuEntry = { id: string; label: string; command: RowCommand };

/** The actions that make sense for the conversation as it stands. */
export function menuEntries(conversation: Conversation, myUserId: string): MenuEntry[] {
  const entries: MenuEntry[] = [
    conversation.handoff_state === 'bot'
      ? { id: 'take-over', label: 'Take over', command: { kind: 'take-over' } }
      : { id: 'hand-back', label: 'Hand back to the bot', command: { kind: 'hand-back' } },
  ];
  if (conversation.assigned_to !== myUserId) {
    entries.push({ id: 'assign-me', label: 'Assign to me', command: { kind: 'assign', assignee: myUserId } });
  }
  entries.push({ id: 'assign', label: 'Assign to…', command: { kind: 'assign-dialog' } });
  if (conversation.assigned_to !== null) {
    entries.push({ id: 'unassign', label: 'Unassign', command: { kind: 'assign', assignee: null } });
  }
  entries.push(
    conversation.status === 'active'
      ? { id: 'close', label: 'Close', command: { kind: 'close' } }
      : { id: 'reopen', label: 'Reopen', command: { kind: 'reopen' } },
  );
  return entries;
}

export type OpenRowMenu = { conversation: Conversation; trigger: HTMLElement };

/**
 * The one actions menu of the list, anchored to the row whose "…" button opened it (react-aria Menu:
 * arrows, typeahead, Escape; focus returns to that button). One menu instead of one per row keeps a
 * row cheap to mount while scrolling.
 */
export function RowActionsMenu({
  open,
  myUserId,
  onClose,
  onCommand,
}: {
  open: OpenRowMenu | null;
  myUserId: string;
  onClose: () => void;
  onCommand: (conversation: Conversation, command: RowCommand) => void;
}) {
  const trigger = open?.trigger ?? null;
  const triggerRef = useMemo(() => ({ current: trigger }), [trigger]);
  const entries = open ? menuEntries(open.conversation, myUserId) : [];
  const label = open ? `Actions for the conversation with ${shopperName(open.conversation)}` : 'Actions';
  return (
    <Popover
      triggerRef={triggerRef}
      isOpen={open !== null}
      onOpenChange={(isOpen) => !isOpen && onClose()}
      // The popover is a role=dialog around the menu: it needs the menu's name too (axe aria-dialog-name).
      aria-label={label}
      placement="bottom end"
      offset={4}
      className="w-52 rounded-lg bg-white p-1 shadow-lg ring-1 ring-gray-900/10 outline-none"
    >
      <Menu
        aria-label={label}
        autoFocus="first"
        className="outline-none"
        onClose={onClose}
        onAction={(key: Key) => {
          const entry = entries.find((candidate) => candidate.id === key);
          if (open && entry) onCommand(open.conversation, entry.command);
        }}
      >
        {entries.map((entry) => (
          <MenuItem
            key={entry.id}
            id={entry.id}
            className="cursor-default rounded-md px-3 py-2 text-sm text-gray-800 outline-none data-[focused]:bg-gray-100"
          >
            {entry.label}
          </MenuItem>
        ))}
      </Menu>
    </Popover>
  );
}
