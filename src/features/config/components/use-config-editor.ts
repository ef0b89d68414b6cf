import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '@/components/toast';
import { hasErrorCode, isApiError } from '@/lib/api-error';
import { newIdempotencyKey } from '@/lib/idempotency';
import { canManageStore, useCurrentSession } from '@/lib/session-context';
import type { AgentConfig } from '@/schemas/agent-config';
import { agentConfigQueryOptions } from '../api/get-agent-config';
import { savedBy } from '../api/get-config-versions';
import { useUpdateAgentConfig } from '../api/update-agent-config';
import { clearConfigDraft, loadConfigDraft, saveConfigDraft } from '../config-draft';
import {
  configFormErrorMap,
  configFormSchema,
  isEditableField,
  isNewerVersion,
  sameConfig,
  toUpdate,
} from '../config-form';
import { editableConfig, mergeConfig, type EditableConfig } from '../merge-config';
import { baseOf, editorReducer, initialState, type Base, type PendingSave } from './config-editor-state';

/**
 * The state of the configuration form over the stored config `server` (kept fresh by the query's refetches).
 * It tracks the version it is based on, keeps the unsaved edit as a draft in this browser, saves with
 * that version as expected_updated_at, and turns a newer version into a merge the owner reviews.
 */
export function useConfigEditor(server: AgentConfig) {
  const { user } = useCurrentSession();
  const isOwner = canManageStore(user.role);
  const queryClient = useQueryClient();
  const mutation = useUpdateAgentConfig();

  const [initial] = useState(() => initialState(server, isOwner ? loadConfigDraft(user.id) : null));
  const [state, dispatch] = useReducer(editorReducer, {
    base: initial.base,
    restoredAt: initial.restoredAt,
    review: null,
    accessError: null,
    saveError: null,
    checkingConflict: false,
    confirmingDiscard: false,
  });
  // Handlers read the base through a ref: a merge sets it and saves in the same event.
  const baseRef = useRef(state.base);
  const pendingRef = useRef<PendingSave | null>(initial.pending);
  /** The kept version (its `updated_at`) last restored into the form, until it is saved or discarded. */
  const [restoredVersion, setRestoredVersion] = useState<string | null>(null);

  const form = useForm<EditableConfig>({
    resolver: zodResolver(configFormSchema, { error: configFormErrorMap }),
    defaultValues: initial.base.config,
    mode: 'onChange',
  });
  const values = useWatch({ control: form.control }) as EditableConfig;

  const persistDraft = useCallback(
    (current: EditableConfig) => {
      const { config, updatedAt } = baseRef.current;
      if (sameConfig(current, config)) {
        clearConfigDraft(user.id);
        return;
      }
      const pending = pendingRef.current;
      saveConfigDraft(user.id, {
        base: config,
        baseUpdatedAt: updatedAt,
        values: current,
        savedAt: new Date().toISOString(),
        pendingKey: pending && sameConfig(pending.values, current) ? pending.key : undefined,
      });
    },
    [user.id],
  );

  /** The form now starts from `next` and holds `current` (dirty where they differ). */
  const rebase = useCallback(
    (next: Base, current: EditableConfig) => {
      baseRef.current = next;
      dispatch({ type: 'rebased', base: next });
      form.reset(next.config);
      if (!sameConfig(current, next.config)) {
        form.reset(current, { keepDefaultValues: true });
        void form.trigger();
      }
      if (isOwner) persistDraft(current);
    },
    [form, isOwner, persistDraft],
  );

  /** The form shows the stored config and nothing is pending. */
  const adoptStored = useCallback(
    (stored: AgentConfig) => {
      pendingRef.current = null;
      rebase(baseOf(stored), editableConfig(stored));
      dispatch({ type: 'restored-notice-dismissed' });
      setRestoredVersion(null);
    },
    [rebase],
  );

  const draftRestored = useRef(false);
  useEffect(() => {
    // A restored draft goes into the form once it is mounted (dirty against the version it started from).
    if (!draftRestored.current && !sameConfig(initial.values, initial.base.config)) {
      draftRestored.current = true;
      form.reset(initial.values, { keepDefaultValues: true });
      void form.trigger();
    }
    // Every change from then on is kept as a draft, so a reload or a closed tab loses nothing.
    if (!isOwner) return;
    return form.subscribe({
      formState: { values: true },
      callback: ({ values: current }) => persistDraft(current),
    });
  }, [form, initial, isOwner, persistDraft]);

  // Someone saved elsewhere and nothing is being edited here: just show the new version.
  const { review } = state;
  useEffect(() => {
    if (review || mutation.isPending) return;
    const current = baseRef.current;
    if (!isNewerVersion(server.updated_at, current.updatedAt)) return;
    if (!sameConfig(form.getValues(), current.config)) return; // Edited: the notice offers a review.
    adoptStored(server);
  }, [server, review, mutation.isPending, form, adoptStored]);

  const submit = (current: EditableConfig) => {
    const { updatedAt: expectedUpdatedAt, config: startedFrom } = baseRef.current;
    const pending = pendingRef.current;
    // A new Save press is a new action with a new key, except the same save again after an unknown outcome.
    const key =
      pending && pending.expectedUpdatedAt === expectedUpdatedAt && sameConfig(pending.values, current)
        ? pending.key
        : newIdempotencyKey();
    pendingRef.current = null;
    dispatch({ type: 'save-error', error: null });
    mutation.mutate(
      { idempotencyKey: key, payload: toUpdate(current, expectedUpdatedAt) },
      {
        onSuccess: (stored) => {
          adoptStored(stored);
          toast.success('Assistant settings saved');
        },
        onError: (error) => {
          if (isApiError(error) && (error.status === 0 || error.status >= 500)) {
            pendingRef.current = { key, values: current, expectedUpdatedAt };
            persistDraft(current);
          }
          void handleSaveError(error, { config: startedFrom, updatedAt: expectedUpdatedAt }, current);
        },
      },
    );
  };

  const handleSaveError = async (error: unknown, startedFrom: Base, current: EditableConfig) => {
    if (hasErrorCode(error, 'config_modified', 409)) {
      dispatch({ type: 'checking-conflict', checking: true });
      try {
        const theirs = await queryClient.fetchQuery({ ...agentConfigQueryOptions(), staleTime: 0 });
        const merge = mergeConfig(startedFrom.config, current, editableConfig(theirs));
        if (merge.fields.every(({ outcome }) => outcome === 'untouched' || outcome === 'same')) {
          // The stored version already holds exactly these changes (an earlier attempt went through).
          adoptStored(theirs);
          toast.success('Assistant settings saved', {
            description: 'The stored settings already matched yours.',
          });
          return;
        }
        const author = theirs.updated_at === null ? null : await savedBy(theirs.updated_at);
        dispatch({
          type: 'review-opened',
          review: {
            mode: 'conflict',
            merge,
            theirs: editableConfig(theirs),
            theirsUpdatedAt: theirs.updated_at,
            theirsByYou: author === user.id,
          },
        });
      } catch (fetchError) {
        dispatch({ type: 'save-error', error: fetchError });
      } finally {
        dispatch({ type: 'checking-conflict', checking: false });
      }
      return;
    }
    if (hasErrorCode(error, 'insufficient_scope', 403) || hasErrorCode(error, 'role_forbidden', 403)) {
      dispatch({ type: 'access-denied', error });
      return;
    }
    if (hasErrorCode(error, 'invalid_body') && error.field) {
      // The field in request naming, possibly a nested path such as suggested_prompts[2].
      const name = /^[a-z_]+/.exec(error.field)?.[0];
      if (name && isEditableField(name)) {
        form.setError(name, { type: 'server', message: error.message }, { shouldFocus: true });
        return;
      }
    }
    dispatch({ type: 'save-error', error });
  };

  const save = () => void form.handleSubmit(submit)();

  const openReview = () => {
    dispatch({
      type: 'review-opened',
      review: {
        mode: 'review',
        merge: mergeConfig(baseRef.current.config, form.getValues(), editableConfig(server)),
        theirs: editableConfig(server),
        theirsUpdatedAt: server.updated_at,
      },
    });
  };

  const resolve = (resolved: EditableConfig) => {
    if (!review) return;
    rebase({ config: review.theirs, updatedAt: review.theirsUpdatedAt }, resolved);
    dispatch({ type: 'review-closed' });
    if (review.mode === 'conflict') save();
  };

  /**
   * A kept version goes into the form as unsaved changes over the version the form is based on, and is
   * saved like any edit (with that version as expected_updated_at, so a newer one meets the conflict prompt).
   */
  const restoreVersion = (settings: EditableConfig, version: string) => {
    form.reset(settings, { keepDefaultValues: true });
    void form.trigger();
    persistDraft(settings);
    setRestoredVersion(version);
  };

  const discard = () => {
    adoptStored(server);
    dispatch({ type: 'save-error', error: null });
    dispatch({ type: 'confirming-discard', confirming: false });
  };

  return {
    ...state,
    user,
    isOwner,
    form,
    values,
    readOnly: !isOwner || state.accessError !== null,
    isSaving: mutation.isPending || state.checkingConflict,
    submit,
    save,
    openReview,
    resolve,
    discard,
    restoreVersion,
    restoredVersion,
    closeReview: () => dispatch({ type: 'review-closed' }),
    dismissRestored: () => dispatch({ type: 'restored-notice-dismissed' }),
    setConfirmingDiscard: (confirming: boolean) => dispatch({ type: 'confirming-discard', confirming }),
  };
}
