import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { channelLabel, shopperName } from '@/lib/conversation-labels';
import { conversationKeys } from '@/lib/query-keys';
import type { Conversation } from '@/schemas/conversation';
import type { InboxRow } from '@/schemas/inbox';
import { isInBackground, useInBackground } from './page-attention';

const handoffKey = (row: InboxRow) => `${row.conversation.id}@${row.handed_over_at ?? ''}`;

/** A conversation this page acted on lately: its take-over or reopen is no news to the person. */
function actedOnHere(queryClient: QueryClient, conversationId: string): boolean {
  return queryClient
    .getMutationCache()
    .findAll({ mutationKey: conversationKeys.update() })
    .some(
      (mutation) =>
        (mutation.state.variables as { conversation?: Conversation } | undefined)?.conversation?.id ===
        conversationId,
    );
}

/** A handoff to tell: `mine` when it has just been assigned to the signed-in person (automatically). */
export interface HandoffNews {
  conversation: Conversation;
  mine: boolean;
}

/** "Assigned to you: Priya Shah", or "New handoff: Priya Shah on Website needs a person." */
function describeNews(news: readonly HandoffNews[]): string {
  if (news.length > 1) return `${news.length} new handoffs need a person.`;
  const { conversation, mine } = news[0]!;
  const where = `${shopperName(conversation)} on ${channelLabel(conversation.channel)}`;
  return mine ? `Assigned to you: ${where}.` : `New handoff: ${where} needs a person.`;
}

/**
 * Tracks the handoffs that arrive while the inbox is open. The BFF tells them (it saw each conversation
 * before it was handed to a person) and lists the latest in every inbox answer (`handoffs`); the first
 * answer is what was there already, every later one may hold new ones. Each new handoff stays highlighted
 * until its conversation is opened, is announced to screen readers, and is passed to `onHandoffs`
 * (desktop alerts and sound). A handoff that becomes the signed-in person's (the automatic assignment
 * gives it to them, usually a moment after it arrived) is told again, as theirs. `unseenCount`: handoffs that arrived while the page was in the background,
 * for the tab title; back to 0 when the person looks at the page again.
 */
export function useNewHandoffs(
  myUserId: string,
  openConversationId: string | null,
  handoffs: readonly InboxRow[] | undefined,
  onHandoffs: (handoffs: HandoffNews[]) => void,
): { newHandoffIds: ReadonlySet<string>; announcement: string; unseenCount: number } {
  const queryClient = useQueryClient();
  const [newHandoffIds, setNewHandoffIds] = useState<ReadonlySet<string>>(new Set());
  const [announcement, setAnnouncement] = useState('');
  const [unseenCount, setUnseenCount] = useState(0);
  const inBackground = useInBackground();
  if (!inBackground && unseenCount !== 0) setUnseenCount(0);
  const known = useRef<Set<string> | null>(null);
  /** The handoffs already told (or there at first) as the signed-in person's. */
  const knownMine = useRef<Set<string> | null>(null);
  // Told with the open conversation and the callback of the render that tells.
  const tell = useEffectEvent((news: HandoffNews[]) => {
    if (isInBackground()) setUnseenCount((count) => count + news.length);
    // The open conversation's handoff is seen where it happens: it is told, but not kept as new.
    const unseen = news.map(({ conversation }) => conversation.id).filter((id) => id !== openConversationId);
    setNewHandoffIds((current) => new Set([...current, ...unseen]));
    setAnnouncement(describeNews(news));
    onHandoffs(news);
  });

  useEffect(() => {
    if (handoffs === undefined) return;
    const isMine = (row: InboxRow) => row.conversation.assigned_to === myUserId;
    if (known.current === null || knownMine.current === null) {
      known.current = new Set(handoffs.map(handoffKey));
      knownMine.current = new Set(handoffs.filter(isMine).map(handoffKey));
      return;
    }
    const seen = known.current;
    const seenMine = knownMine.current;
    const told = handoffs.filter(
      (row) => !seen.has(handoffKey(row)) || (isMine(row) && !seenMine.has(handoffKey(row))),
    );
    for (const row of told) {
      seen.add(handoffKey(row));
      if (isMine(row)) seenMine.add(handoffKey(row));
    }
    const news = told
      .filter((row) => !actedOnHere(queryClient, row.conversation.id))
      .map((row) => ({ conversation: row.conversation, mine: isMine(row) }));
    if (news.length > 0) tell(news);
  }, [handoffs, queryClient, myUserId]);

  const [seenOpen, setSeenOpen] = useState<string | null>(null);
  if (openConversationId !== seenOpen) {
    setSeenOpen(openConversationId);
    if (openConversationId !== null && newHandoffIds.has(openConversationId)) {
      setNewHandoffIds(new Set([...newHandoffIds].filter((id) => id !== openConversationId)));
    }
  }
  return { newHandoffIds, announcement, unseenCount };
}

/** "Inbox", "(12) Inbox", and "2 new · (12) Inbox" while handoffs arrived unseen in a background tab. */
export function inboxTitle(needsCount: string | null, unseenCount: number): string {
  const title = needsCount !== null && needsCount !== '0' ? `(${needsCount}) Inbox` : 'Inbox';
  return unseenCount > 0 ? `${unseenCount} new · ${title}` : title;
}
