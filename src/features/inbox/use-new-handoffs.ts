import { useState } from 'react';
import { channelLabel, shopperName } from '@/lib/conversation-labels';
import type { Conversation } from '@/schemas/conversation';
import { isInBackground, useInBackground } from './page-attention';
import { useLiveSync, type LiveSyncStatus } from './use-live-sync';

/**
 * Keeps the inbox live and tracks the handoffs that arrive meanwhile: each stays highlighted until its
 * conversation is opened, is announced to screen readers, and is passed to `onHandoffs` (desktop alerts).
 * `unseenCount`: handoffs that arrived while the page was in the background, for the tab title; back to 0
 * when the person looks at the page again.
 */
export function useNewHandoffs(
  openConversationId: string | null,
  onHandoffs: (handoffs: Conversation[]) => void,
): {
  newHandoffIds: ReadonlySet<string>;
  announcement: string;
  syncStatus: LiveSyncStatus;
  unseenCount: number;
} {
  const [newHandoffIds, setNewHandoffIds] = useState<ReadonlySet<string>>(new Set());
  const [announcement, setAnnouncement] = useState('');
  const [unseenCount, setUnseenCount] = useState(0);
  const inBackground = useInBackground();
  if (!inBackground && unseenCount !== 0) setUnseenCount(0);
  const syncStatus = useLiveSync((handoffs) => {
    if (isInBackground()) setUnseenCount((count) => count + handoffs.length);
    setNewHandoffIds((current) => new Set([...current, ...handoffs.map((conversation) => conversation.id)]));
    setAnnouncement(
      handoffs.length === 1
        ? `New handoff: ${shopperName(handoffs[0]!)} on ${channelLabel(handoffs[0]!.channel)} needs a person.`
        : `${handoffs.length} new handoffs need a person.`,
    );
    onHandoffs(handoffs);
  });
  const [seenOpen, setSeenOpen] = useState<string | null>(null);
  if (openConversationId !== seenOpen) {
    setSeenOpen(openConversationId);
    if (openConversationId !== null && newHandoffIds.has(openConversationId)) {
      setNewHandoffIds(new Set([...newHandoffIds].filter((id) => id !== openConversationId)));
    }
  }
  return { newHandoffIds, announcement, syncStatus, unseenCount };
}

/** "Inbox", "(12) Inbox", and "2 new · (12) Inbox" while handoffs arrived unseen in a background tab. */
export function inboxTitle(needsCount: string | null, unseenCount: number): string {
  const title = needsCount !== null && needsCount !== '0' ? `(${needsCount}) Inbox` : 'Inbox';
  return unseenCount > 0 ? `${unseenCount} new · ${title}` : title;
}
