import { z } from 'zod/mini';
import type { PendingWrite } from '@/lib/idempotency';
import { createStoredValue } from '@/lib/stored-value';
import { knowledgeKindSchema, type KnowledgeSourceCreate } from '@/schemas/knowledge-source';

/**
 * The "add a source" form as typed, kept in sessionStorage so a reload (or a trip to another screen)
 * loses nothing, together with the submission in flight: its Idempotency-Key and exact payload, so
 * submitting the same thing again after a reload cannot create the source twice.
 */
const storedDraftSchema = z.object({
  kind: z.nullable(knowledgeKindSchema),
  title: z.string(),
  text: z.string(),
  pending: z.nullable(
    z.object({
      idempotencyKey: z.string(),
      payload: z.object({ kind: knowledgeKindSchema, title: z.string(), text: z.string() }),
    }),
  ),
});

export type SourceDraft = { kind: KnowledgeSourceCreate['kind'] | null; title: string; text: string };
export type StoredDraft = SourceDraft & { pending: PendingWrite<KnowledgeSourceCreate> | null };

export const EMPTY_DRAFT: SourceDraft = { kind: null, title: '', text: '' };

const storageKey = (userId: string) => `knowledge-source-draft:${userId}`;

export function isBlankDraft(draft: SourceDraft): boolean {
  return draft.kind === null && draft.title === '' && draft.text === '';
}

const storedDraft = (userId: string) =>
  createStoredValue(storageKey(userId), storedDraftSchema, { area: 'session' });

export function loadDraft(userId: string): StoredDraft | null {
  return storedDraft(userId).read();
}

/** Storage full or blocked (private browsing): the form still works, it just won't survive a reload. */
export function saveDraft(userId: string, draft: StoredDraft): void {
  storedDraft(userId).write(isBlankDraft(draft) && draft.pending === null ? null : draft);
}

export function clearDraft(userId: string): void {
  storedDraft(userId).write(null);
}

export function samePayload(a: KnowledgeSourceCreate, b: KnowledgeSourceCreate): boolean {
  return a.kind === b.kind && a.title === b.title && a.text === b.text;
}
