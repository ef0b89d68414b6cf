import { useCallback, useState } from 'react';
import { z } from 'zod/mini';
import { createStoredValue } from '@/lib/stored-value';

const PREFIX = 'sales-dashboard:reply-draft:';

/** One draft per signed-in user and conversation, so a shared browser never mixes two people's words. */
const draftName = (userId: string, conversationId: string) => `${PREFIX}${userId}:${conversationId}`;

const draftSchema = z.object({ version: z.literal(1), text: z.string() });

/**
 * Builds before this format stored the bare text: whatever stands under the name and is not a draft of
 * this shape is such a text, kept as it was typed (even when it looks like JSON).
 */
const storedDraft = (userId: string, conversationId: string) =>
  createStoredValue(draftName(userId, conversationId), draftSchema, {
    migrate: (raw) => ({ version: 1, text: raw }),
  });

export function readDraft(userId: string, conversationId: string): string {
  return storedDraft(userId, conversationId).read()?.text ?? '';
}

/** Storage full or blocked: the composer still holds the text, it just won't survive a reload. */
export function writeDraft(userId: string, conversationId: string, text: string): void {
  storedDraft(userId, conversationId).write(text === '' ? null : { version: 1, text });
}

/**
 * The composer's text, kept in localStorage as it is typed so it survives navigation, a reload and a
 * crash. Mount it once per conversation (key it by conversation id).
 */
export function useDraft(userId: string, conversationId: string) {
  const [text, setText] = useState(() => readDraft(userId, conversationId));
  const update = useCallback(
    (next: string) => {
      setText(next);
      writeDraft(userId, conversationId, next);
    },
    [userId, conversationId],
  );
  return [text, update] as const;
}
