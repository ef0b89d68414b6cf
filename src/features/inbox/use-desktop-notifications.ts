import { useCallback, useState } from 'react';
import { toast } from '@/components/toast';
import { useEventListener } from '@/lib/use-event-listener';
import { channelLabel, shopperName } from '@/lib/conversation-labels';
import type { Conversation } from '@/schemas/conversation';
import { isAlertSoundOn, playAlertSound, unlockAlertSound } from './alert-sound';
import { isInBackground } from './page-attention';
import type { HandoffNews } from './use-new-handoffs';

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

/** How long a tab holds its claim on one handoff: far longer than the stream takes to reach every tab. */
const CLAIM_HELD_MS = 60_000;

/**
 * Every open inbox tab of a browser hears the same handoff (the live hub fans the stream out to all of
 * them); the first tab to claim it alerts, the others stay quiet, so one handoff rings once. The claim is
 * a Web Lock named after the handoff, taken only if free and held for a while: the browser grants it to
 * exactly one tab (localStorage could not do that: tabs in other processes see writes late). Without
 * Web Locks each tab alerts on its own.
 */
function claimAlert(conversation: Conversation): Promise<boolean> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks === undefined) return Promise.resolve(true);
  const name = `inbox-handoff-alert:${conversation.id}@${conversation.updated_at}`;
  return new Promise((resolve) => {
    locks
      .request(name, { ifAvailable: true }, async (lock) => {
        resolve(lock !== null);
        if (lock !== null) await new Promise((release) => setTimeout(release, CLAIM_HELD_MS));
      })
      .catch(() => resolve(true));
  });
}

async function claimAlerts(conversations: Conversation[]): Promise<Conversation[]> {
  const claimed = await Promise.all(conversations.map(claimAlert));
  return conversations.filter((_, index) => claimed[index]);
}

/**
 * Opt-in desktop notifications for new handoffs. Permission is only asked when the person clicks to turn
 * them on (browsers ignore or punish a prompt nobody asked for). Alerts (a notification when turned on,
 * the chime unless turned off) go out only while the person is not looking at this page: its tab hidden,
 * or its window behind another one. In front of the inbox, the highlighted row says it already.
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

  // The first key or click on the page lets it make sound later (browsers' autoplay rule).
  useEventListener(
    window,
    ['pointerdown', 'keydown'],
    () => {
      if (isAlertSoundOn()) unlockAlertSound();
    },
    { once: true },
  );

  const alert = useCallback(
    async (handoffs: HandoffNews[]) => {
      if (!isInBackground()) {
        // In front of the inbox the highlighted row says a handoff came, not that it is this person's.
        const mine = handoffs.filter((news) => news.mine);
        if (mine.length > 0)
          toast(`Assigned to you: ${mine.map((news) => shopperName(news.conversation)).join(', ')}`);
        return;
      }
      const notifying = readState() === 'on';
      const sounding = isAlertSoundOn();
      if (!notifying && !sounding) return;
      const claimed = await claimAlerts(handoffs.map((news) => news.conversation));
      if (claimed.length === 0) return;
      if (sounding) playAlertSound();
      if (!notifying) return;
      for (const { conversation, mine } of handoffs
        .filter((news) => claimed.includes(news.conversation))
        .slice(0, 3)) {
        const notification = new Notification(
          mine ? `Assigned to you: ${shopperName(conversation)}` : 'A shopper needs a person',
          {
            body: `${shopperName(conversation)} on ${channelLabel(conversation.channel)} was handed over by the assistant.`,
            tag: `handoff-${conversation.id}`,
          },
        );
        notification.onclick = () => {
          window.focus();
          onOpen(conversation.id);
          notification.close();
        };
      }
    },
    [onOpen],
  );
  const notify = useCallback((handoffs: HandoffNews[]) => void alert(handoffs), [alert]);

  return { state, turnOn, turnOff, notify };
}
