import type { QueryClient } from '@tanstack/react-query';
import { abortableSleep } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { describeApiError } from '@/lib/describe-error';
import { newIdempotencyKey } from '@/lib/idempotency';
import { retryReasonFor } from '@/lib/retry-policy';
import type { Role } from '@/schemas/bff';
import type { Message } from '@/schemas/message';
import { addMessageToTranscript } from './api/get-messages';
import { postMessage } from './api/post-message';
import {
  putOutboxEntry,
  readOutbox,
  removeOutboxEntry,
  type OutboxEntry,
  type OutboxFailure,
} from './outbox';

/**
 * How long a resend waits for the first request of the same key, still held by the server
 * (409 idempotency_key_in_progress, typically after a reload during a slow send), before it reports
 * the reply as not confirmed. The API client has already retried twice by then.
 */
export const IN_PROGRESS_PATIENCE = { waitMs: 1_500, attempts: 20 };

/** Sends under way in this page, by key: a remount or a second press never sends the same reply twice. */
const inFlight = new Map<string, Promise<Message | null>>();

/** Whether this page is sending the reply with that key right now. */
export function isInFlight(idempotencyKey: string): boolean {
  return inFlight.has(idempotencyKey);
}

function describeFailure(error: unknown, role: Role): OutboxFailure {
  const { title, description } = describeApiError(error, { role });
  if (!isApiError(error)) return { title, description, canRetry: true, maybeSent: false };
  const reason = retryReasonFor(error);
  return {
    title,
    description,
    canRetry: reason !== null,
    // No answer, a 5xx or a request still running: it may have been stored.
    maybeSent:
      reason === 'network_error' || reason === 'server_error' || error.code === 'idempotency_key_in_progress',
  };
}

async function postPatiently(entry: OutboxEntry): Promise<Message> {
  const send = () =>
    postMessage({
      conversationId: entry.conversationId,
      idempotencyKey: entry.idempotencyKey,
      // Always the same two fields in the same order: the server's replay compares the body byte for byte.
      payload: { content: entry.content, author_user_id: entry.authorUserId },
    });
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await send();
    } catch (error) {
      const busy = isApiError(error) && error.code === 'idempotency_key_in_progress';
      if (!busy || attempt >= IN_PROGRESS_PATIENCE.attempts) throw error;
      await abortableSleep(IN_PROGRESS_PATIENCE.waitMs);
    }
  }
}

/**
 * Sends an outbox entry with its own key and settles it: on success the stored message joins the
 * cached transcript and the entry leaves the outbox; on failure the entry is kept, marked failed, with
 * what happened and whether a retry can help. Resolves with the message, or null when it failed.
 */
export function deliverReply(
  entry: OutboxEntry,
  { queryClient, role }: { queryClient: QueryClient; role: Role },
): Promise<Message | null> {
  const running = inFlight.get(entry.idempotencyKey);
  if (running) return running;
  const sending: OutboxEntry = { ...entry, status: 'sending', failure: undefined };
  putOutboxEntry(sending);
  const promise = postPatiently(sending)
    .then((message) => {
      addMessageToTranscript(queryClient, message);
      removeOutboxEntry(entry.authorUserId, entry.idempotencyKey);
      return message;
    })
    .catch((error: unknown) => {
      // Unless the user discarded it meanwhile, keep it for a retry or an edit.
      const current = readOutbox(entry.authorUserId).find(
        (item) => item.idempotencyKey === entry.idempotencyKey,
      );
      if (current) putOutboxEntry({ ...current, status: 'failed', failure: describeFailure(error, role) });
      return null;
    })
    .finally(() => inFlight.delete(entry.idempotencyKey));
  inFlight.set(entry.idempotencyKey, promise);
  return promise;
}

/**
 * A new reply, made when Send is pressed: its Idempotency-Key is minted now and stays with it for every
 * retry, even after a reload.
 */
export function newReply(reply: {
  conversationId: string;
  content: string;
  authorUserId: string;
}): OutboxEntry {
  return {
    ...reply,
    idempotencyKey: newIdempotencyKey(),
    createdAt: new Date().toISOString(),
    status: 'sending',
  };
}

/** Persists the reply in the outbox, then sends it: nothing typed is lost, nothing is sent twice. */
export function sendNewReply(
  entry: OutboxEntry,
  options: { queryClient: QueryClient; role: Role },
): Promise<Message | null> {
  putOutboxEntry(entry);
  return deliverReply(entry, options);
}

/**
 * Resends the user's replies that were on their way when the page went away (a reload, a crash, a
 * closed tab), each with the key it was first sent with. Failed ones wait for the user.
 */
export function resumeReplies(userId: string, options: { queryClient: QueryClient; role: Role }): void {
  for (const entry of readOutbox(userId)) {
    if (entry.status !== 'sending' || inFlight.has(entry.idempotencyKey)) continue;
    void deliverReply(entry, options);
  }
}
