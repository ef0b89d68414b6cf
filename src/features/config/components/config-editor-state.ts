import type { ApiError } from '@/lib/api-error';
import type { AgentConfig } from '@/schemas/agent-config';
import type { ConfigDraft } from '../config-draft';
import { sameConfig } from '../config-form';
import { editableConfig, type EditableConfig } from '../merge-config';
import type { MergeReview } from './conflict-dialog';

/** The stored version a form is based on: its values and its updated_at. */
export type Base = { config: EditableConfig; updatedAt: string | null };

/** A save that may or may not have applied (no answer, 5xx): saving the same values again reuses its key. */
export type PendingSave = { key: string; values: EditableConfig; expectedUpdatedAt: string | null };

export type OpenReview = MergeReview & { theirs: EditableConfig };

export type EditorState = {
  base: Base;
  restoredAt: string | null;
  review: OpenReview | null;
  accessError: ApiError | null;
  saveError: unknown;
  checkingConflict: boolean;
  confirmingDiscard: boolean;
};

export type EditorAction =
  | { type: 'rebased'; base: Base }
  | { type: 'restored-notice-dismissed' }
  | { type: 'review-opened'; review: OpenReview }
  | { type: 'review-closed' }
  | { type: 'access-denied'; error: ApiError }
  | { type: 'save-error'; error: unknown }
  | { type: 'checking-conflict'; checking: boolean }
  | { type: 'confirming-discard'; confirming: boolean };

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'rebased':
      return { ...state, base: action.base };
    case 'restored-notice-dismissed':
      return { ...state, restoredAt: null };
    case 'review-opened':
      return { ...state, review: action.review };
    case 'review-closed':
      return { ...state, review: null };
    case 'access-denied':
      return { ...state, accessError: action.error };
    case 'save-error':
      return { ...state, saveError: action.error };
    case 'checking-conflict':
      return { ...state, checkingConflict: action.checking };
    case 'confirming-discard':
      return { ...state, confirmingDiscard: action.confirming };
  }
}

export function baseOf(config: AgentConfig): Base {
  return { config: editableConfig(config), updatedAt: config.updated_at };
}

export function initialState(server: AgentConfig, draft: ConfigDraft | null) {
  if (draft && !sameConfig(draft.values, draft.base)) {
    return {
      base: { config: draft.base, updatedAt: draft.baseUpdatedAt },
      values: draft.values,
      restoredAt: draft.savedAt as string | null,
      pending: draft.pendingKey
        ? { key: draft.pendingKey, values: draft.values, expectedUpdatedAt: draft.baseUpdatedAt }
        : null,
    };
  }
  const base = baseOf(server);
  return { base, values: base.config, restoredAt: null, pending: null };
}
