import { toast } from '@/components/toast';
import { rosterName } from '@/lib/conversation-labels';
import type { RosterMember } from '@/schemas/bff';
import type { NoteSummary } from '@/schemas/note';

/**
 * A teammate mentioned the signed-in person in a note: a toast in this dashboard, with the conversation
 * one press away, and a desktop alert when `desktopAlert` says so (alerts on, the page not looked at).
 */
export function alertMention(
  note: NoteSummary,
  roster: readonly RosterMember[],
  onOpen: (conversationId: string) => void,
  desktopAlert: () => boolean,
): void {
  const title = `${rosterName(note.author_user_id, roster)} mentioned you in a note`;
  const { preview } = note;
  toast(title, {
    description: preview,
    action: { label: 'Open', onClick: () => onOpen(note.conversation_id) },
  });
  if (!desktopAlert()) return;
  const notification = new Notification(title, { body: preview, tag: `mention-${note.id}` });
  notification.onclick = () => {
    window.focus();
    onOpen(note.conversation_id);
    notification.close();
  };
}
