import { z } from 'zod';
import type { PendingWrite } from '@/lib/idempotency';
import { knowledgeKindSchema, type KnowledgeSourceCreate } from '@/schemas/knowledge-source';

/**
 * The "add a source" form as typed, kept in sessionStorage so a reload (or a trip to another screen)
 * loses nothing, together with the submission in flight: its Idempotency-Key and exact payload, so
 * submitting the same thing again after a reload cannot create the source twice.
 */
const storedDraftSchema = z.object({
  kind: knowledgeKindSchema.nullable(),
  title: z.string(),
  text: z.string(),
  pending: z
    .object({
      idempotencyKey: z.string(),
      payload: z.object({ kind: knowledgeKindSchema, title: z.string(), text: z.string() }),
    })
    .nullable(),
});

export type SourceDraft = { kind: KnowledgeSourceCreate['kind'] | null; title: string; text: string };
export type StoredDraft = SourceDraft & { pending: PendingWrite<KnowledgeSourceCreate> | null };

export const EMPTY_DRAFT: SourceDraft = { kind: null, title: '', text: '' };

const storageKey = (userId: string) => `knowledge-source-draft:${userId}`;

export function isBlankDraft(draft: SourceDraft): boolean {
  return draft.kind === null && draft.title === '' && draft.text === '';
}

export function loadDraft(userId: string): StoredDraft | null {
  try {
    const raw = sessionStorage.getItem(storageKey(userId));
    if (raw === null) return null;
    const parsed = storedDraftSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveDraft(userId: string, draft: StoredDraft): void {
  try {
    if (isBlankDraft(draft) && draft.pending === null) sessionStorage.removeItem(storageKey(userId));
    else sessionStorage.setItem(storageKey(userId), JSON.stringify(draft));
  } catch {
    // Storage full or blocked (private browsing): the form still works, it just won't survive a reload.
  }
}

export function clearDraft(userId: string): void {
  try {
    sessionStorage.removeItem(storageKey(userId));
  } catch {
    // As above.
  }
}

export function samePayload(a: KnowledgeSourceCreate, b: KnowledgeSourceCreate): boolean {
  return a.kind === b.kind && a.title === b.title && a.text === b.text;
}
