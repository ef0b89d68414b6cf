import { useCallback, useRef, useState } from 'react';
import type { Conversation } from '@/schemas/conversation';
import { pendingAction, type ConversationAction, type PendingAction } from './conversation-action';
import type { ConversationActions } from './use-conversation-actions';

/** How many conversations are written at the same time: quick, without flooding the rate limit. */
const CONCURRENCY = 4;

export type BulkItem = {
  pending: PendingAction;
  state: 'waiting' | 'done' | 'failed';
  error?: unknown;
};

export type BulkRun = { action: ConversationAction; items: BulkItem[] };

/**
 * Bulk actions: the same action on several conversations, each its own write (read freshest, then PUT)
 * with its own Idempotency-Key, a few at a time, with a result per conversation. Retrying the failed ones
 * reuses their keys.
 */
export function useBulkActions(actions: Pick<ConversationActions, 'runWithoutToasts'>) {
  const [run, setRun] = useState<BulkRun | null>(null);
  const running = useRef(false);

  const execute = useCallback(
    async (action: ConversationAction, items: BulkItem[], onDone?: (succeeded: string[]) => void) => {
      running.current = true;
      setRun({ action, items });
      const update = (pending: PendingAction, patch: Partial<BulkItem>) =>
        setRun((current) =>
          current === null
            ? current
            : {
                ...current,
                items: current.items.map((item) => (item.pending === pending ? { ...item, ...patch } : item)),
              },
        );
      const queue = items.filter((item) => item.state !== 'done');
      const succeeded: string[] = [];
      const worker = async () => {
        for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
          const { pending } = item;
          update(pending, { state: 'waiting', error: undefined });
          try {
            await actions.runWithoutToasts(pending);
            succeeded.push(pending.conversation.id);
            update(pending, { state: 'done' });
          } catch (error) {
            update(pending, { state: 'failed', error });
          }
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      running.current = false;
      onDone?.(succeeded);
    },
    [actions],
  );

  const start = useCallback(
    (conversations: Conversation[], action: ConversationAction, onDone?: (succeeded: string[]) => void) => {
      if (running.current || conversations.length === 0) return;
      const items = conversations.map((conversation): BulkItem => ({
        pending: pendingAction(conversation, action),
        state: 'waiting',
      }));
      void execute(action, items, onDone);
    },
    [execute],
  );

  const retryFailed = useCallback(
    (onDone?: (succeeded: string[]) => void) => {
      if (running.current || run === null) return;
      void execute(run.action, run.items, onDone);
    },
    [execute, run],
  );

  const dismiss = useCallback(() => {
    if (!running.current) setRun(null);
  }, []);

  return { run, start, retryFailed, dismiss };
}
