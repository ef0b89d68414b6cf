import { toast } from '@/components/toast';
import type { SnoozeWake } from '@/schemas/conversation-snooze';

/**
 * A conversation the signed-in person looks after woke from its snooze: a toast in this dashboard, with
 * the conversation one press away, and a desktop alert when `desktopAlert` says so (alerts on, the page
 * not looked at).
 */
export function alertWake(
  woke: SnoozeWake,
  onOpen: (conversationId: string) => void,
  desktopAlert: () => boolean,
) {
  const who = woke.display_name ?? 'A shopper';
  const title = woke.reason === 'shopper' ? `${who} replied: the snooze ended` : `Snooze ended: ${who}`;
  const description = 'It is back in Needs a person and your lists.';
  toast(title, { description, action: { label: 'Open', onClick: () => onOpen(woke.conversation_id) } });
  if (!desktopAlert()) return;
  const notification = new Notification(title, { body: description, tag: `snooze-${woke.conversation_id}` });
  notification.onclick = () => {
    window.focus();
    onOpen(woke.conversation_id);
    notification.close();
  };
}
