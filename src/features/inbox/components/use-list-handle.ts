import { useImperativeHandle, type RefObject } from 'react';
import type { Conversation } from '@/schemas/conversation';
import { conversationShortcut, type ShortcutCommand } from '../use-inbox-shortcuts';
import { fitsState, type RowCommand } from './row-menu-entries';

export type ListHandle = {
  /**
   * Runs a keyboard command on the list's highlighted row (with no conversation open); returns false when
   * it is not the list's to run. With a conversation open, `next` and `previous` open its neighbour.
   */
  command: (command: ShortcutCommand) => boolean;
  /** Moves the cursor and focus to this conversation's row (or the cursor's); false when the list is empty. */
  focusConversation: (conversationId: string | null) => boolean;
};

/** The list's keyboard handle: what the inbox's keys do to the list and its highlighted row. */
export function useListHandle(
  handleRef: RefObject<ListHandle | null>,
  {
    rows,
    cursorIndex,
    cursorRow,
    moveCursor,
    openConversationId,
    scrollRef,
    userId,
    onOpen,
    toggleSelected,
    onRowCommand,
  }: {
    rows: readonly Conversation[];
    cursorIndex: number;
    cursorRow: Conversation | undefined;
    moveCursor: (index: number, focus: boolean) => void;
    openConversationId: string | null;
    scrollRef: RefObject<HTMLDivElement | null>;
    userId: string;
    onOpen: (conversationId: string) => void;
    toggleSelected: (conversationId: string) => void;
    onRowCommand: (conversation: Conversation, command: RowCommand, origin: 'highlighted') => void;
  },
) {
  useImperativeHandle(handleRef, () => ({
    focusConversation: (conversationId) => {
      const index = rows.findIndex((row) => row.id === conversationId);
      if (index === -1 && cursorIndex === -1) return false;
      moveCursor(index === -1 ? cursorIndex : index, true);
      return true;
    },
    command: (command) => {
      // The first move into the list lands on the cursor's row rather than past it.
      const inList = scrollRef.current?.contains(document.activeElement) ?? false;
      switch (command) {
        case 'next':
        case 'previous': {
          const step = command === 'next' ? 1 : -1;
          const index = Math.min(Math.max(cursorIndex + step, 0), rows.length - 1);
          if (openConversationId === null) {
            moveCursor(inList ? index : cursorIndex, true);
            return true;
          }
          // The open conversation is the current one: moving opens the neighbour (focus stays where it is).
          const neighbour = rows[index];
          if (neighbour === undefined || neighbour.id === openConversationId) return true;
          moveCursor(index, inList);
          onOpen(neighbour.id);
          return true;
        }
        case 'open':
          if (cursorRow) onOpen(cursorRow.id);
          return cursorRow !== undefined;
        case 'toggle-select':
          if (cursorRow) toggleSelected(cursorRow.id);
          return cursorRow !== undefined;
        default: {
          const shortcut = cursorRow && conversationShortcut(command, userId);
          if (!cursorRow || !shortcut) return false;
          if (fitsState(cursorRow, shortcut)) onRowCommand(cursorRow, shortcut, 'highlighted');
          return true;
        }
      }
    },
  }));
}
