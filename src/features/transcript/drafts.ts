import { useCallback, useState } from 'react';
import { z } from 'zod/mini';
import { createStoredValue } from '@/lib/stored-value';

/** The composer's two modes: a reply to the shopper, or an internal note for the team. */
export type ComposerMode = 'reply' | 'note';

/**
 * One draft per signed-in user, conversation and mode, so a shared browser never mixes two people's
 * words, and switching between a reply and a note never carries one's words into the other.
 */
const draftName = (userId: string, conversationId: string, mode: ComposerMode) =>
  `sales-dashboard:${mode}-draft:${userId}:${conversationId}`;

const draftSchema = z.object({ version: z.literal(1), text: z.string() });

/**
 * Builds before this format stored the bare text: whatever stands under the name and is not a draft of
 * this shape is such a text, kept as it was typed (even when it looks like JSON).
 */
const storedDraft = (userId: string, conversationId: string, mode: ComposerMode) =>
  createStoredValue(draftName(userId, conversationId, mode), draftSchema, {
    migrate: (raw) => ({ version: 1, text: raw }),
  });

export function readDraft(userId: string, conversationId: string, mode: ComposerMode = 'reply'): string {
  return storedDraft(userId, conversationId, mode).read()?.text ?? '';
}

/** Storage full or blocked: the composer still holds the text, it just won't survive a reload. */
export function writeDraft(
  userId: string,
  conversationId: string,
  text: string,
  mode: ComposerMode = 'reply',
): void {
  storedDraft(userId, conversationId, mode).write(text === '' ? null : { version: 1, text });
}

/**
 * The composer's text, kept in localStorage as it is typed so it survives navigation, a reload and a
 * crash. Mount it once per conversation (key it by conversation id).
 */
export function useDraft(userId: string, conversationId: string, mode: ComposerMode = 'reply') {
  const [text, setText] = useState(() => readDraft(userId, conversationId, mode));
  const update = useCallback(
    (next: string) => {
      setText(next);
      writeDraft(userId, conversationId, next, mode);
    },
    [userId, conversationId, mode],
  );
  return [text, update] as const;
}
