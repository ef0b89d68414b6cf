import { useCallback, useState } from 'react';
import type { Conversation } from '@/schemas/conversation';
import { channelLabel, shopperName } from '@/lib/conversation-labels';

const PREFERENCE_KEY = 'inbox:desktop-notifications';

export type DesktopNotificationsState =
  /** The browser has no Notification API (or it is blocked for this page). */
  | 'unsupported'
  /** The person turned them off, or never turned them on. */
  | 'off'
  | 'on'
  /** The browser's permission was refused: only the browser's site settings can change that. */
  | 'denied';

function supported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

function readState(): DesktopNotificationsState {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  let preference: string | null = null;
  try {
    preference = window.localStorage.getItem(PREFERENCE_KEY);
  } catch {
    // Storage can be unavailable (private modes); notifications then stay off.
  }
  return Notification.permission === 'granted' && preference === 'on' ? 'on' : 'off';
}

function savePreference(on: boolean) {
  try {
    window.localStorage.setItem(PREFERENCE_KEY, on ? 'on' : 'off');
  } catch {
    // See readState.
  }
}

/**
 * Opt-in desktop notifications for new handoffs. Permission is only asked when the person clicks to turn
 * them on (browsers ignore or punish a prompt nobody asked for), and a notification is only shown while
 * the window is not focused: in front of the inbox, the highlighted row says it already.
 */
export function useDesktopNotifications(onOpen: (conversationId: string) => void) {
  const [state, setState] = useState<DesktopNotificationsState>(readState);

  const turnOn = useCallback(async () => {
    if (!supported()) return;
    const permission =
      Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
    savePreference(permission === 'granted');
    setState(readState());
  }, []);

  const turnOff = useCallback(() => {
    savePreference(false);
    setState(readState());
  }, []);

  const notify = useCallback(
    (conversations: Conversation[]) => {
      if (readState() !== 'on' || document.hasFocus()) return;
      for (const conversation of conversations.slice(0, 3)) {
        const notification = new Notification('A shopper needs a person', {
          body: `${shopperName(conversation)} on ${channelLabel(conversation.channel)} was handed over by the assistant.`,
          tag: `handoff-${conversation.id}`,
        });
        notification.onclick = () => {
          window.focus();
          onOpen(conversation.id);
          notification.close();
        };
      }
    },
    [onOpen],
  );

  return { state, turnOn, turnOff, notify };
}
