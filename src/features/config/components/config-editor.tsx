import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/button';
import { ErrorState } from '@/components/error-state';
import { InlineNotice } from '@/components/inline-notice';
import { RelativeTimestamp } from '@/components/relative-timestamp';
import { ModalDialog } from '@/components/modal-dialog';
import { UnsavedChangesBar } from '@/components/unsaved-changes-bar';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { hasErrorCode, isApiError, type ApiError } from '@/lib/api-error';
import { describeApiError } from '@/lib/describe-error';
import { newIdempotencyKey } from '@/lib/idempotency';
import { canManageStore, useCurrentSession } from '@/lib/session-context';
import type { AgentConfig } from '@/schemas/agent-config';
import { agentConfigQueryOptions } from '../api/get-agent-config';
import { useUpdateAgentConfig } from '../api/update-agent-config';
import { clearConfigDraft, loadConfigDraft, saveConfigDraft, type ConfigDraft } from '../config-draft';
import {
  configFormErrorMap,
  configFormSchema,
  isEditableField,
  isNewerVersion,
  sameConfig,
  toUpdate,
} from '../config-form';
import { EDITABLE_FIELDS, editableConfig, mergeConfig, type EditableConfig } from '../merge-config';
import { AssistantHeader } from './assistant-header';
import { ConfigFields } from './config-fields';
import { ConflictDialog, type MergeReview } from './conflict-dialog';
import { WidgetPreview } from './widget-preview';

/** The stored version a form is based on: its values and its updated_at. */
type Base = { config: EditableConfig; updatedAt: string | null };

/** A save that may or may not have applied (no answer, 5xx): saving the same values again reuses its key. */
type PendingSave = { key: string; values: EditableConfig; expectedUpdatedAt: string | null };

type OpenReview = MergeReview & { theirs: EditableConfig };

function baseOf(config: AgentConfig): Base {
  return { config: editableConfig(config), updatedAt: config.updated_at };
}

function initialState(server: AgentConfig, draft: ConfigDraft | null) {
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

/**
 * The configuration form over the stored config `server` (kept fresh by the query's refetches).
 * It tracks the version it is based on, keeps the unsaved edit as a draft in this browser, saves with
 * that version as expected_updated_at, and turns a newer version into a merge the owner reviews.
 */
export function ConfigEditor({ server }: { server: AgentConfig }) {
  const { user } = useCurrentSession();
  const isOwner = canManageStore(user.role);
  const queryClient = useQueryClient();
  const mutation = useUpdateAgentConfig();

  const [initial] = useState(() => initialState(server, isOwner ? loadConfigDraft(user.id) : null));
  const [base, setBaseState] = useState<Base>(initial.base);
  // Handlers read the base through a ref: a merge sets it and saves in the same event.
  const baseRef = useRef(base);
  const pendingRef = useRef<PendingSave | null>(initial.pending);
  const [restoredAt, setRestoredAt] = useState(initial.restoredAt);
  const [review, setReview] = useState<OpenReview | null>(null);
  const [accessError, setAccessError] = useState<ApiError | null>(null);
  const [saveError, setSaveError] = useState<unknown>(null);
  const [checkingConflict, setCheckingConflict] = useState(false);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);

  const form = useForm<EditableConfig>({
    resolver: zodResolver(configFormSchema, { error: configFormErrorMap }),
    defaultValues: initial.base.config,
    mode: 'onChange',
  });
  const { isDirty } = form.formState;
  const values = useWatch({ control: form.control }) as EditableConfig;
  const readOnly = !isOwner || accessError !== null;
  const isSaving = mutation.isPending || checkingConflict;

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
      setBaseState(next);
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
      setRestoredAt(null);
    },
    [rebase],
  );

  // A restored draft goes into the form once it is mounted (dirty against the version it started from).
  useEffect(() => {
    if (sameConfig(initial.values, initial.base.config)) return;
    form.reset(initial.values, { keepDefaultValues: true });
    void form.trigger();
  }, [form, initial]);

  // Every change is kept as a draft, so a reload or a closed tab loses nothing.
  useEffect(() => {
    if (!isOwner) return;
    return form.subscribe({
      formState: { values: true },
      callback: ({ values: current }) => persistDraft(current),
    });
  }, [form, isOwner, persistDraft]);

  // Someone saved elsewhere and nothing is being edited here: just show the new version.
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
    setSaveError(null);
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
      setCheckingConflict(true);
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
        setReview({
          mode: 'conflict',
          merge,
          theirs: editableConfig(theirs),
          theirsUpdatedAt: theirs.updated_at,
        });
      } catch (fetchError) {
        setSaveError(fetchError);
      } finally {
        setCheckingConflict(false);
      }
      return;
    }
    if (hasErrorCode(error, 'insufficient_scope', 403) || hasErrorCode(error, 'role_forbidden', 403)) {
      setAccessError(error);
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
    setSaveError(error);
  };

  const save = () => void form.handleSubmit(submit)();

  const openReview = () => {
    setReview({
      mode: 'review',
      merge: mergeConfig(baseRef.current.config, form.getValues(), editableConfig(server)),
      theirs: editableConfig(server),
      theirsUpdatedAt: server.updated_at,
    });
  };

  const resolve = (resolved: EditableConfig) => {
    if (!review) return;
    rebase({ config: review.theirs, updatedAt: review.theirsUpdatedAt }, resolved);
    setReview(null);
    if (review.mode === 'conflict') save();
  };

  const discard = () => {
    adoptStored(server);
    setSaveError(null);
    setConfirmingDiscard(false);
  };

  const neverSaved = server.updated_at === null && base.updatedAt === null;
  const serverMoved = isNewerVersion(server.updated_at, base.updatedAt);
  const changedCount = EDITABLE_FIELDS.filter(
    (field) => JSON.stringify(values[field]) !== JSON.stringify(base.config[field]),
  ).length;
  const access = accessError ? describeApiError(accessError, { role: user.role }) : null;

  return (
    <FormProvider {...form}>
      <div className="space-y-6">
        <AssistantHeader readOnly={!isOwner} neverSaved={neverSaved} updatedAt={server.updated_at} />

        {!isOwner ? (
          <InlineNotice tone="neutral" title="You can view these settings, not change them">
            You are signed in as staff. Only store owners can change the assistant.
          </InlineNotice>
        ) : null}
        {access ? (
          <InlineNotice tone="warning" role="alert" title={access.title}>
            {access.description} The settings are read-only here; your changes are kept in this browser as a
            draft.
          </InlineNotice>
        ) : null}
        {neverSaved && isOwner ? (
          <InlineNotice tone="info" title="These are the default settings">
            This store has never saved an assistant configuration, so shoppers get these defaults. Change
            anything and save to make it yours.
          </InlineNotice>
        ) : null}
        {restoredAt && isDirty ? (
          <InlineNotice
            tone="info"
            role="status"
            title="Your unsaved changes were restored"
            actions={
              <Button size="sm" variant="ghost" onPress={() => setRestoredAt(null)}>
                Dismiss
              </Button>
            }
          >
            You left them <RelativeTimestamp value={restoredAt} />. Save them, or discard them to go back to
            the stored settings.
          </InlineNotice>
        ) : null}
        {isDirty && serverMoved && server.updated_at && !readOnly ? (
          <InlineNotice
            tone="warning"
            role="status"
            title="Someone saved changes since you started editing"
            actions={
              <Button size="sm" onPress={openReview}>
                Review changes
              </Button>
            }
          >
            A newer version was saved <RelativeTimestamp value={server.updated_at} />. Review it now to merge
            it into your draft; if you save first, you will be asked then.
          </InlineNotice>
        ) : null}

        <form
          noValidate
          aria-label="Assistant settings"
          onSubmit={(event) => void form.handleSubmit(submit)(event)}
          className="space-y-6"
        >
          {/* Below xl the preview comes after the form: a way to it without scrolling past every field. */}
          <a
            href="#widget-preview-title"
            className="inline-block rounded-sm text-sm font-medium text-indigo-700 underline-offset-2 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-indigo-500 xl:hidden"
          >
            See the storefront preview
          </a>
          <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
            <ConfigFields isDisabled={readOnly} />
            <aside className="xl:sticky xl:top-20">
              <WidgetPreview values={values} />
            </aside>
          </div>

          {saveError ? <ErrorState error={saveError} onRetry={save} isRetrying={isSaving} /> : null}

          {isDirty && isOwner ? (
            <UnsavedChangesBar
              message="Unsaved changes"
              detail={
                accessError
                  ? 'They cannot be saved with the store’s current API key.'
                  : `${changedCount} ${changedCount === 1 ? 'setting' : 'settings'} changed, kept in this browser until you save or discard.`
              }
              canSave={!accessError}
              isSaving={isSaving}
              onDiscard={() => setConfirmingDiscard(true)}
            />
          ) : null}
        </form>
      </div>

      <ConflictDialog review={review} onResolve={resolve} onCancel={() => setReview(null)} />

      <ModalDialog
        isOpen={confirmingDiscard}
        onOpenChange={setConfirmingDiscard}
        role="alertdialog"
        title="Discard unsaved changes?"
      >
        <p className="text-[15px] text-gray-600">
          The form goes back to the stored settings and your draft is deleted. This cannot be undone.
        </p>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button autoFocus onPress={() => setConfirmingDiscard(false)}>
            Keep editing
          </Button>
          <Button variant="danger" onPress={discard}>
            Discard changes
          </Button>
        </div>
      </ModalDialog>

      <UnsavedChangesGuard
        when={isDirty && isOwner}
        description={
          <p>
            Your changes are kept as a draft in this browser and come back when you return, but they are not
            saved: shoppers will not see them until you save.
          </p>
        }
      />
    </FormProvider>
  );
}
