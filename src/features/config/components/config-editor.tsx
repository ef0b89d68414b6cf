import { useEffect, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { Button } from '@/components/button';
import { InlineNotice } from '@/components/inline-notice';
import { ErrorState } from '@/components/error-state';
import { LazyModalDialog, preloadModalDialog } from '@/components/lazy-modal-dialog';
import { lazyWhenOpen } from '@/components/lazy-when-open';
import { UnsavedChangesBar } from '@/components/unsaved-changes-bar';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import type { AgentConfig } from '@/schemas/agent-config';
import { formatVersionTime } from '../version-time';
import { isNewerVersion } from '../config-form';
import { EDITABLE_FIELDS } from '../merge-config';
import { AssistantHeader } from './assistant-header';
import { ConfigFields } from './config-fields';
import { ConfigNotices } from './config-notices';
import { useConfigEditor } from './use-config-editor';
import { WidgetPreview } from './widget-preview';

// The dialogs (react-aria) are loaded when first needed, not with the page.
const [ConflictDialog, prefetchConflictDialog] = lazyWhenOpen(
  () => import('./conflict-dialog').then((module) => module.ConflictDialog),
  { isOpen: (props) => props.review !== null, close: (props) => props.onCancel() },
);

// The history (its list, the comparison) is loaded when first opened, or when its button is pointed at.
const [VersionHistoryDialog, prefetchVersionHistory] = lazyWhenOpen(
  () => import('./version-history-dialog').then((module) => module.VersionHistoryDialog),
  { isOpen: (props) => props.isOpen, close: (props) => props.onClose() },
);
const preloadVersionHistory = () => void prefetchVersionHistory().catch(() => undefined);

/** The configuration form over the stored config `server`; its state and saving live in `useConfigEditor`. */
export function ConfigEditor({ server }: { server: AgentConfig }) {
  const editor = useConfigEditor(server);
  const { form, values, base, isOwner, accessError, readOnly, isSaving } = editor;
  const { isDirty } = form.formState;
  const [historyOpen, setHistoryOpen] = useState(false);

  // Unsaved changes can lead to a dialog (discard, leave, a save that meets a newer version): fetch
  // their code while the owner types, so none of them waits for it.
  useEffect(() => {
    if (!isDirty) return;
    preloadModalDialog();
    prefetchConflictDialog().catch(() => undefined);
  }, [isDirty]);

  const neverSaved = server.updated_at === null && base.updatedAt === null;
  const serverMoved = isNewerVersion(server.updated_at, base.updatedAt);
  const changedCount = EDITABLE_FIELDS.filter(
    (field) => JSON.stringify(values[field]) !== JSON.stringify(base.config[field]),
  ).length;

  return (
    <FormProvider {...form}>
      <div className="space-y-6">
        <AssistantHeader
          readOnly={!isOwner}
          neverSaved={neverSaved}
          updatedAt={server.updated_at}
          actions={
            <Button
              onPress={() => setHistoryOpen(true)}
              onPointerEnter={preloadVersionHistory}
              onFocus={preloadVersionHistory}
            >
              Version history
            </Button>
          }
        />

        <ConfigNotices
          isOwner={isOwner}
          role={editor.user.role}
          accessError={accessError}
          neverSaved={neverSaved}
          restoredAt={editor.restoredAt}
          isDirty={isDirty}
          newerVersionAt={serverMoved ? server.updated_at : null}
          readOnly={readOnly}
          onDismissRestored={editor.dismissRestored}
          onReview={editor.openReview}
        />

        {editor.restoredVersion && isDirty ? (
          <InlineNotice tone="info" role="status" title="A past version is in the form">
            The settings saved {formatVersionTime(editor.restoredVersion)} are loaded as unsaved changes. Save
            to make them the current settings, or discard to go back.
          </InlineNotice>
        ) : null}

        <form
          noValidate
          aria-label="Assistant settings"
          onSubmit={(event) => void form.handleSubmit(editor.submit)(event)}
          className="space-y-6 outline-none"
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

          {editor.saveError ? (
            <ErrorState error={editor.saveError} onRetry={editor.save} isRetrying={isSaving} />
          ) : null}

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
              onDiscard={() => editor.setConfirmingDiscard(true)}
            />
          ) : null}
        </form>
      </div>

      <VersionHistoryDialog
        isOpen={historyOpen}
        onClose={() => setHistoryOpen(false)}
        currentVersion={server.updated_at}
        canRestore={!readOnly}
        hasUnsavedChanges={isDirty}
        onRestore={(settings, version) => {
          editor.restoreVersion(settings, version.version);
          setHistoryOpen(false);
        }}
      />

      <ConflictDialog review={editor.review} onResolve={editor.resolve} onCancel={editor.closeReview} />

      <LazyModalDialog
        isOpen={editor.confirmingDiscard}
        onOpenChange={editor.setConfirmingDiscard}
        role="alertdialog"
        title="Discard unsaved changes?"
      >
        <p className="text-[15px] text-gray-600">
          The form goes back to the stored settings and your draft is deleted. This cannot be undone.
        </p>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button autoFocus onPress={() => editor.setConfirmingDiscard(false)}>
            Keep editing
          </Button>
          <Button variant="danger" onPress={editor.discard}>
            Discard changes
          </Button>
        </div>
      </LazyModalDialog>

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
