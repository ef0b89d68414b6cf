import { useMemo, useSyncExternalStore } from 'react';
import { z } from 'zod/mini';
import { createStoredValue, type StoredValue } from '@/lib/stored-value';

/**
 * The outbox: staff replies not yet confirmed by the server, persisted in localStorage BEFORE their
 * request leaves, each with the Idempotency-Key minted when Send was pressed. A reload, a crash or a
 * closed tab keeps them; the transcript resends the ones still marked sending with their own keys, and
 * the server's idempotent replay makes the reply appear exactly once.
 */

const PREFIX = 'sales-dashboard:reply-outbox:';

const failureSchema = z.object({
  title: z.string(),
  description: z.string(),
  /** A retry with the same key can succeed (network, 5xx, busy, rate limited). */
  canRetry: z.boolean(),
  /** The server may have stored it (no answer or a 5xx): a retry confirms without sending twice. */
  maybeSent: z.boolean(),
});
export type OutboxFailure = z.infer<typeof failureSchema>;

const entrySchema = z.object({
  conversationId: z.string(),
  idempotencyKey: z.string(),
  content: z.string(),
  authorUserId: z.string(),
  /** When Send was pressed (ISO 8601). */
  createdAt: z.string(),
  status: z.enum(['sending', 'failed']),
  failure: z.optional(failureSchema),
});
export type OutboxEntry = z.infer<typeof entrySchema>;

// One unreadable entry (an older format, a hand edit) must not cost the others.
const outboxSchema = z.pipe(
  z.array(z.unknown()),
  z.transform((items) =>
    items.flatMap((item) => {
      const entry = entrySchema.safeParse(item);
      return entry.success ? [entry.data] : [];
    }),
  ),
);

const EMPTY: readonly OutboxEntry[] = [];
// One stored value per user, kept: it returns the same array while the stored text is unchanged, which
// useSyncExternalStore needs.
const outboxes = new Map<string, StoredValue<OutboxEntry[]>>();

function outboxOf(userId: string): StoredValue<OutboxEntry[]> {
  let outbox = outboxes.get(userId);
  if (!outbox) outboxes.set(userId, (outbox = createStoredValue(`${PREFIX}${userId}`, outboxSchema)));
  return outbox;
}

/** Every outbox entry of the user, oldest first; the same array while nothing changed. */
export function readOutbox(userId: string): readonly OutboxEntry[] {
  return outboxOf(userId).read() ?? EMPTY;
}

function writeOutbox(userId: string, entries: readonly OutboxEntry[]): void {
  outboxOf(userId).write(entries.length === 0 ? null : [...entries]);
}

/** Adds the entry, or replaces the one with its key. */
export function putOutboxEntry(entry: OutboxEntry): void {
  const entries = readOutbox(entry.authorUserId);
  const index = entries.findIndex((item) => item.idempotencyKey === entry.idempotencyKey);
  writeOutbox(entry.authorUserId, index === -1 ? [...entries, entry] : entries.with(index, entry));
}

export function removeOutboxEntry(userId: string, idempotencyKey: string): void {
  const entries = readOutbox(userId);
  if (!entries.some((item) => item.idempotencyKey === idempotencyKey)) return;
  writeOutbox(
    userId,
    entries.filter((item) => item.idempotencyKey !== idempotencyKey),
  );
}

/** The user's unconfirmed replies in one conversation, live across components and tabs. */
export function useOutbox(userId: string, conversationId: string): readonly OutboxEntry[] {
  const entries = useSyncExternalStore(outboxOf(userId).subscribe, () => readOutbox(userId));
  return useMemo(
    () => entries.filter((entry) => entry.conversationId === conversationId),
    [entries, conversationId],
  );
}

/** Every unconfirmed reply of the user, in any conversation (sign-out asks about them first). */
export function useUnsentReplies(userId: string): readonly OutboxEntry[] {
  return useSyncExternalStore(outboxOf(userId).subscribe, () => readOutbox(userId));
}
