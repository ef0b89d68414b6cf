import { useState } from 'react';
import { channelLabel, shopperName } from '@/lib/conversation-labels';
import type { Conversation } from '@/schemas/conversation';
import { useLiveSync, type LiveSyncStatus } from './use-live-sync';

/**
 * Keeps the inbox live and tracks the handoffs that arrive meanwhile: each stays highlighted until its
 * conversation is opened, is announced to screen readers, and is passed to `onHandoffs` (desktop alerts).
 */
export function useNewHandoffs(
  openConversationId: string | null,
  onHandoffs: (handoffs: Conversation[]) => void,
): { newHandoffIds: ReadonlySet<string>; announcement: string; syncStatus: LiveSyncStatus } {
  const [newHandoffIds, setNewHandoffIds] = useState<ReadonlySet<string>>(new Set());
  const [announcement, setAnnouncement] = useState('');
  const syncStatus = useLiveSync((handoffs) => {
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
  return { newHandoffIds, announcement, syncStatus };
}
