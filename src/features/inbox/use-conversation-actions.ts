import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { toast } from '@/components/toast';
import { hasErrorCode } from '@/lib/api-error';
import { newIdempotencyKey } from '@/lib/idempotency';
import { conversationKeys, inboxKeys } from '@/lib/query-keys';
import { useCurrentSession } from '@/lib/session-context';
import type { Conversation, ConversationUpdate } from '@/schemas/conversation';
import { changeOf, pendingAction, type ConversationAction, type PendingAction } from './conversation-action';
import { failureMessage, successMessage } from './conversation-action-wording';
import { getConversation } from './api/get-conversation';
import { updateConversation } from './api/update-conversation';
import { holdWrite, writeSettled } from './written-conversations';

/**
 * The write itself. The PUT replaces status, handoff_state and assigned_to together, so a body built from
 * a cached row would undo whatever a teammate changed since it was read. Read the stored state just before
 * the write and change only the field the person asked for.
 */
export async function applyAction(
  { conversation, action, idempotencyKey }: PendingAction,
  actorUserId: string,
): Promise<Conversation> {
  const stored = await getConversation({ conversationId: conversation.id });
  const payload: ConversationUpdate = {
    status: stored.status,
    handoff_state: stored.handoff_state,
    assigned_to: stored.assigned_to,
    ...changeOf(action, stored, actorUserId),
  };
  if (
    payload.status === stored.status &&
    payload.handoff_state === stored.handoff_state &&
    payload.assigned_to === stored.assigned_to
  ) {
    return stored; // Already so (perhaps a retry of a write that did apply): nothing to write.
  }
  const write = { conversationId: conversation.id, idempotencyKey, payload };
  try {
    return await updateConversation(write);
  } catch (error) {
    // A retry of this action after a teammate's change sends a different body under the same key. The
    // change is "set one field", safe to apply twice, so it goes out again under a new key.
    if (hasErrorCode(error, 'idempotency_key_reused')) {
      return updateConversation({ ...write, idempotencyKey: newIdempotencyKey() });
    }
    throw error;
  }
}

// Our own actions on one conversation run one after the other: two interleaved read-then-write pairs
// (say "take over" then "assign to me" pressed quickly) would otherwise undo each other.
const queues = new Map<string, Promise<unknown>>();

function oneAtATime<Result>(conversationId: string, task: () => Promise<Result>): Promise<Result> {
  const previous = queues.get(conversationId) ?? Promise.resolve();
  const run = previous.then(task, task);
  queues.set(conversationId, run);
  const forget = () => {
    if (queues.get(conversationId) === run) queues.delete(conversationId);
  };
  run.then(forget, forget);
  return run;
}

const UPDATE_KEY = conversationKeys.update();

/**
 * The conversation actions, for the list, the open conversation, the keyboard and bulk selection.
 * Each shows its result at once on the rows and the open conversation the person sees (TanStack Query's
 * optimistic update: cancel the reads on their way, set the cached data, roll back on error, read again
 * once settled), holds it over reads that predate the write (written-conversations.ts), explains itself
 * on failure, and offers a retry that reuses the action's Idempotency-Key.
 */
export function useConversationActions() {
  const queryClient = useQueryClient();
  const { user, roster } = useCurrentSession();

  const mutation = useMutation({
    mutationKey: UPDATE_KEY,
    mutationFn: (pending: PendingAction) =>
      oneAtATime(pending.conversation.id, () => applyAction(pending, user.id)),
    onMutate: async (pending) => {
      const { id } = pending.conversation;
      const detailKey = conversationKeys.detail(id);
      // A read on its way carries the state from before the action: landing on top of the optimistic
      // change, it would show the old state until the write answers. Only the detail itself (`exact`) of
      // the conversation: the transcript under it holds no state this write changes.
      await Promise.all([
        queryClient.cancelQueries({ queryKey: detailKey, exact: true }),
        queryClient.cancelQueries({ queryKey: inboxKeys.lists() }),
      ]);
      const detail = queryClient.getQueryData<Conversation>(detailKey);
      const change = changeOf(pending.action, detail ?? pending.conversation, user.id);
      return holdWrite(queryClient, pending, { conversationId: id, change, userId: user.id });
    },
    onSuccess: (stored, pending) => {
      writeSettled(queryClient, pending, stored);
      const detailKey = conversationKeys.detail(stored.id);
      if (queryClient.getQueryData(detailKey)) queryClient.setQueryData(detailKey, stored);
    },
    onError: (_error, pending, context) => {
      writeSettled(queryClient, pending, undefined);
      if (!context) return;
      for (const [queryKey, data] of context.lists) queryClient.setQueryData(queryKey, data);
      if (context.detail)
        queryClient.setQueryData(conversationKeys.detail(pending.conversation.id), context.detail);
    },
    // Then settle on what is really stored, which a teammate may have changed meanwhile.
    onSettled: (_stored, error, pending) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: inboxKeys.lists() }),
        error
          ? queryClient.invalidateQueries({
              queryKey: conversationKeys.detail(pending.conversation.id),
              exact: true,
            })
          : undefined,
      ]),
  });
  const { mutateAsync } = mutation;

  const pendingIds = useMutationState({
    filters: { mutationKey: UPDATE_KEY, status: 'pending' },
    select: (pending) => (pending.state.variables as PendingAction | undefined)?.conversation.id,
  });

  /** Runs an action without toasts (bulk selection reports per item itself). Rejects on failure. */
  const runWithoutToasts = useCallback((pending: PendingAction) => mutateAsync(pending), [mutateAsync]);

  // What went through is announced to screen readers (the row and the header already show it); only a
  // close gets a toast, with Undo, because the conversation may leave the list being looked at.
  const [announcement, setAnnouncement] = useState('');

  /** Runs an action and tells the person how it went; rejects on failure (after saying so). */
  const runWithFeedback = useCallback(
    async function attempt(pending: PendingAction): Promise<Conversation> {
      try {
        const stored = await mutateAsync(pending);
        const message = successMessage(pending, roster, user.id);
        setAnnouncement(message);
        if (pending.action.kind === 'close') {
          toast.success(message, {
            action: {
              label: 'Undo',
              onClick: () => void attempt(pendingAction(stored, { kind: 'reopen' })).catch(() => undefined),
            },
          });
        }
        return stored;
      } catch (error) {
        const { title, description } = failureMessage(pending, error, roster);
        toast.error(title, {
          description,
          duration: 10_000,
          action: { label: 'Try again', onClick: () => void attempt(pending).catch(() => undefined) },
        });
        throw error;
      }
    },
    [mutateAsync, roster, user.id],
  );

  return useMemo(() => {
    /** Resolves with the stored conversation; rejects on failure, which has been shown already. */
    const runAction = (conversation: Conversation, action: ConversationAction) =>
      runWithFeedback(pendingAction(conversation, action));
    return {
      runAction,
      /** For buttons and keys, which await nothing: starts the action, whose outcome is shown. */
      startAction: (conversation: Conversation, action: ConversationAction) => {
        runAction(conversation, action).catch(() => undefined);
      },
      runWithoutToasts,
      isPending: (conversationId: string) => pendingIds.includes(conversationId),
      /** The outcome of the latest action, for a polite live region. */
      announcement,
    };
  }, [runWithFeedback, runWithoutToasts, pendingIds, announcement]);
}

export type ConversationActions = ReturnType<typeof useConversationActions>;
