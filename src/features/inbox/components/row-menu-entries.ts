import type { Conversation } from '@/schemas/conversation';
import type { ConversationShortcut } from '../use-inbox-shortcuts';

/** What a row's menu can ask for: what a key can (an action, or a dialog to choose with). */
export type RowCommand = ConversationShortcut;

type MenuEntry = { id: string; label: string; command: RowCommand };

/**
 * The actions that make sense for the conversation as it stands. A closed one is reopened first: handing
 * it to the bot or assigning it would change a conversation nobody is in any more.
 */
export function menuEntries(conversation: Conversation, myUserId: string): MenuEntry[] {
  const tags: MenuEntry = { id: 'tag', label: 'Tags…', command: { kind: 'tag-dialog' } };
  if (conversation.status !== 'active')
    return [{ id: 'reopen', label: 'Reopen', command: { kind: 'reopen' } }, tags];
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
    tags,
    { id: 'snooze', label: 'Snooze…', command: { kind: 'snooze-dialog' } },
    { id: 'close', label: 'Close', command: { kind: 'close' } },
  );
  return entries;
}

/** Whether a command fits the conversation's state (what its menu offers), for the keys. */
export function fitsState(conversation: Conversation, command: RowCommand): boolean {
  if (conversation.status === 'active') return command.kind !== 'reopen';
  return command.kind === 'reopen' || command.kind === 'tag-dialog';
}

export type OpenRowMenu = { conversation: Conversation; trigger: HTMLElement };

export type RowActionsMenuProps = {
  open: OpenRowMenu | null;
  myUserId: string;
  /** An entry left out (the one the open conversation's header shows as a button). */
  exclude?: string;
  onClose: () => void;
  onCommand: (conversation: Conversation, command: RowCommand) => void;
};
