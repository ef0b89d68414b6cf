import { z } from 'zod/mini';
import { createStoredValue } from '@/lib/stored-value';
import { agentConfigSchema } from '@/schemas/agent-config';
import { editableConfig, type EditableConfig } from './merge-config';

/**
 * The unsaved edit of the configuration, kept in this browser per store user so a reload, a crash or
 * a closed tab loses nothing. It keeps the version it was based on (values and updated_at): a draft
 * that comes back after someone else saved meets the conflict prompt, never a silent overwrite.
 */
export type ConfigDraft = {
  /** The stored config the edit started from. */
  base: EditableConfig;
  baseUpdatedAt: string | null;
  values: EditableConfig;
  /** When the draft was last written (ISO time). */
  savedAt: string;
  /** A save that may or may not have applied (no answer, 5xx): retrying the same values reuses its key. */
  pendingKey?: string | undefined;
};

// Drafts may hold values over the limits (they are what the owner typed), so the served shape is used,
// not the PUT body's.
const editableSchema = z.omit(agentConfigSchema, { updated_at: true });

const storedDraftSchema = z.object({
  version: z.literal(1),
  base: editableSchema,
  base_updated_at: z.nullable(z.string()),
  values: editableSchema,
  saved_at: z.string(),
  pending_key: z.optional(z.string()),
});

export function draftStorageKey(userId: string): string {
  return `assistant-config-draft:${userId}`;
}

const storedDraft = (userId: string) => createStoredValue(draftStorageKey(userId), storedDraftSchema);

/** The user's draft, or null when there is none or it cannot be read (then it is dropped). */
export function loadConfigDraft(userId: string): ConfigDraft | null {
  const parsed = storedDraft(userId).read();
  if (!parsed) return null;
  return {
    base: editableConfig({ ...parsed.base, updated_at: null }),
    baseUpdatedAt: parsed.base_updated_at,
    values: editableConfig({ ...parsed.values, updated_at: null }),
    savedAt: parsed.saved_at,
    pendingKey: parsed.pending_key,
  };
}

/** Quota exceeded or storage disabled: the form still holds the edit; only reload-survival is lost. */
export function saveConfigDraft(userId: string, draft: ConfigDraft): void {
  storedDraft(userId).write({
    version: 1,
    base: draft.base,
    base_updated_at: draft.baseUpdatedAt,
    values: draft.values,
    saved_at: draft.savedAt,
    pending_key: draft.pendingKey,
  });
}

export function clearConfigDraft(userId: string): void {
  storedDraft(userId).write(null);
}
