import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { inboxKeys } from '@/lib/query-keys';
import { useLiveEvents } from '@/lib/use-live-hub';
import { markOpened } from './api/mark-opened';

/** Events often come in bursts (a walk's page): the lists are read again once per burst. */
const REFRESH_DEBOUNCE_MS = 300;

/**
 * Keeps the read-model lists current and the person's unread markers set. A `conversation` event (the
 * hub derived something new) or a `resync` reads the cached read-model lists again: the BFF answers from
 * memory, so this costs the store nothing. Opening a conversation marks it read on the server (so the
 * marker follows the person to other devices), and so does a shopper message arriving while it is open.
 */
export function useInboxModelSync(openConversationId: string | null): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastShopperAt = useRef<string | null | undefined>(undefined);

  const refresh = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
      REFRESH_DEBOUNCE_MS,
    );
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  const mark = (conversationId: string) => {
    markOpened(conversationId)
      .then(refresh)
      .catch(() => undefined); // Unread stays shown; the next opening marks it again.
  };

  useEffect(() => {
    lastShopperAt.current = undefined;
    if (openConversationId !== null) mark(openConversationId);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opened conversation
  }, [openConversationId]);

  useLiveEvents((event) => {
    if (event.name === 'resync') refresh();
    if (event.name !== 'conversation') return;
    refresh();
    const shopperAt = event.data.summary?.last_shopper_message_at;
    if (event.data.id !== openConversationId || shopperAt === undefined) return;
    // A shopper wrote while it is open: the person sees it, so it is read (a repeat costs the store nothing).
    if (shopperAt !== lastShopperAt.current) mark(event.data.id);
    lastShopperAt.current = shopperAt;
  });
}
