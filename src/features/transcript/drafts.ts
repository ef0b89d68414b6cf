import { useCallback, useState } from 'react';
import { readStored, writeStored } from './browser-storage';

const PREFIX = 'sales-dashboard:reply-draft:';

/** One draft per signed-in user and conversation, so a shared browser never mixes two people's words. */
const draftName = (userId: string, conversationId: string) => `${PREFIX}${userId}:${conversationId}`;

export function readDraft(userId: string, conversationId: string): string {
  return readStored(draftName(userId, conversationId)) ?? '';
}

export function writeDraft(userId: string, conversationId: string, text: string): void {
  writeStored(draftName(userId, conversationId), text === '' ? null : text);
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
